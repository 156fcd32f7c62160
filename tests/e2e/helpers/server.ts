import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'

import { freePort } from '@/lib/db/embedded'

export const root = path.resolve(import.meta.dirname, '../../..')
// E2E_DIST_DIR: another directory, e.g. to keep serving one build while testing the next.
export const E2E_DIST_DIR = process.env.E2E_DIST_DIR || '.next-e2e'

/** Environment of the production server and build the browser tests use. */
export const serverEnv = (
  databaseUrl: string,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: '1',
  NEXT_DIST_DIR: E2E_DIST_DIR,
  DATABASE_URL: databaseUrl,
  PAYLOAD_SECRET: 'e2e-secret-not-for-production-0123456789',
  LOG_LEVEL: 'warn',
  TRUST_PROXY: '0',
  // Every test signs up from 127.0.0.1; the limits themselves are covered by integration tests.
  RATE_LIMIT_FACTOR: '0',
  ...extra,
})

export { freePort }

export const runNext = (args: string[], env: NodeJS.ProcessEnv, stdio: 'inherit' | 'pipe') =>
  spawn(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), ...args], {
    cwd: root,
    env,
    stdio,
  })

export type RunningServer = { url: string; stop: () => Promise<void> }

const waitForHealth = async (url: string, child: ChildProcess, output: () => string) => {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited:\n${output()}`)
    try {
      const response = await fetch(`${url}/api/health`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`next start did not answer /api/health within 60 s:\n${output()}`)
}

/**
 * Starts `next start` on the e2e build. Tests that need other settings (e.g. a configured shop)
 * start a second server with `extraEnv`.
 */
export const startServer = async (
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
  port?: number,
): Promise<RunningServer> => {
  port ??= await freePort()
  const url = `http://localhost:${port}`
  const child = runNext(
    ['start', '-p', String(port)],
    serverEnv(databaseUrl, { SERVER_URL: url, PORT: String(port), ...extraEnv }),
    'pipe',
  )
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  await waitForHealth(url, child, () => output)
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
