import { spawn } from 'node:child_process'
import path from 'node:path'

/**
 * Another app process on the same database working the email queue
 * (tests/helpers/drain-email-queue.ts): `ready` once it has opened Payload, `done` with the number
 * of jobs it ran when it exits. With `{ afterGo: true }` it works the queue only once `go()` is
 * called (ready, but idle until then). `kill()` stops it outright (SIGKILL, to the process that
 * runs the app itself: it is started without scripts/run-ts.mjs in between): `done` then rejects.
 */
export const runOtherQueueProcess = (
  env: Record<string, string> = {},
  { afterGo = false }: { afterGo?: boolean } = {},
) => {
  const root = path.resolve(import.meta.dirname, '../..')
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/drain-email-queue.ts'], {
    cwd: root,
    env: { ...process.env, ...env, ...(afterGo ? { DRAIN_AFTER_GO: '1' } : {}) },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const go = () => {
    child.stdin.end('go\n')
  }
  if (!afterGo) child.stdin.end()
  let output = ''
  let markReady: () => void
  const ready = new Promise<void>((resolve) => (markReady = resolve))
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
    if (/^ready$/m.test(output)) markReady()
  })
  const done = new Promise<number>((resolve, reject) => {
    child.on('exit', (code) => {
      markReady()
      const last = output.trim().split('\n').at(-1) ?? ''
      if (code === 0) resolve(JSON.parse(last).ran)
      else reject(new Error(`queue process exited with ${code}: ${output}`))
    })
  })
  const kill = () => {
    done.catch(() => undefined)
    child.kill('SIGKILL')
  }
  return { ready, done, go, kill }
}
