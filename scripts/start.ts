/**
 * `npm start`: database (embedded unless DATABASE_URL), migrations, seed, build when the
 * sources changed, then Next on PORT. `--dev` serves with `next dev` instead of building.
 *
 * Stopping: SIGINT/SIGTERM reach the Next server (its whole process group), which drains for up to
 * STOP_DRAIN_MS before it is killed; then the embedded database stops. Exit status 0 only for a stop
 * that was asked for; a server that died on its own (a crash, a kill -9) exits non-zero, so a
 * supervisor restarts the site. Killed outright itself (kill -9 of this process or of the
 * `run-ts` one that started it), the Next server stops with it; a database left behind is shut
 * down by the next start.
 */
import './lib/bootstrap'

import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { childSettings } from './lib/exit-with-parent.cjs'
import { log, openDatabase, root } from './lib/runtime'

const dev = process.argv.includes('--dev')
const drainMs = Number(process.env.STOP_DRAIN_MS || 10_000)

const newestSourceTime = (entries: string[]): number => {
  let newest = 0
  for (const entry of entries) {
    const full = path.join(root, entry)
    if (!fs.existsSync(full)) continue
    const stat = fs.statSync(full)
    if (stat.isDirectory()) {
      newest = Math.max(
        newest,
        newestSourceTime(fs.readdirSync(full).map((name) => path.join(entry, name))),
      )
    } else newest = Math.max(newest, stat.mtimeMs)
  }
  return newest
}

const needsBuild = () => {
  // The build directory next.config.mjs names (NEXT_DIST_DIR, default .next).
  const buildId = path.join(root, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID')
  if (!fs.existsSync(buildId)) return true
  const sources = [
    'src',
    'public',
    'payload.config.ts',
    'next.config.mjs',
    'package-lock.json',
    'tsconfig.json',
  ]
  return newestSourceTime(sources) > fs.statSync(buildId).mtimeMs
}

let current: ChildProcess | undefined
let stopRequested = false

/**
 * Runs a Node process (Next, the migrations) in a process group of its own, so a stop reaches its
 * whole tree exactly once, from here. With an IPC channel: if this process is killed outright, the
 * child stops itself instead of serving on without it (lib/exit-with-parent.cjs).
 */
const runNode = (args: string[]) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    const { nodeArgs, stdio, env } = childSettings()
    const child = spawn(process.execPath, [...nodeArgs, ...args], {
      cwd: root,
      env,
      stdio,
      detached: true,
    })
    current = child
    child.on('exit', (code, signal) => {
      current = undefined
      resolve({ code, signal })
    })
  })

const runNext = (args: string[]) =>
  runNode([path.join(root, 'node_modules/next/dist/bin/next'), ...args])

const signalGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  try {
    process.kill(-(child.pid as number), signal)
  } catch {
    // already gone
  }
}

const main = async () => {
  const database = await openDatabase()
  let stopping = false
  const stop = async (code: number) => {
    if (stopping) return
    stopping = true
    await database?.stop()
    log('stopped', { code })
    process.exit(code)
  }
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopRequested) return
    stopRequested = true
    log('stopping', { signal })
    const child = current
    if (!child) return void stop(0)
    signalGroup(child, 'SIGTERM')
    setTimeout(() => signalGroup(child, 'SIGKILL'), drainMs).unref()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  process.on('SIGHUP', onSignal)
  // The database dying under the site is a failure: stop the site and say so.
  void database?.exited.then(() => {
    if (stopping) return
    console.error('The embedded PostgreSQL server exited unexpectedly.')
    if (current) signalGroup(current, 'SIGTERM')
    void stop(1)
  })

  try {
    // In a process of its own (see scripts/migrate-and-seed.ts), with DATABASE_URL now known.
    const prepared = await runNode([
      path.join(root, 'scripts/run-ts.mjs'),
      path.join(root, 'scripts/migrate-and-seed.ts'),
    ])
    if (stopRequested) return stop(0)
    if (prepared.code !== 0) return stop(prepared.code ?? 1)
    const port = process.env.PORT || '3000'
    if (!dev && needsBuild()) {
      log('building the site')
      const build = await runNext(['build'])
      if (stopRequested) return stop(0)
      if (build.code !== 0) return stop(build.code ?? 1)
    }
    log('serving', { url: `http://localhost:${port}` })
    const served = await runNext([dev ? 'dev' : 'start', '-p', port])
    if (stopRequested) return stop(0)
    // Not asked to stop: the server died (crash or a signal from elsewhere).
    console.error(
      `The Next.js server exited on its own (${served.signal ?? `code ${served.code}`}).`,
    )
    await stop(served.code || 1)
  } catch (error) {
    console.error(error)
    await stop(1)
  }
}

void main()
