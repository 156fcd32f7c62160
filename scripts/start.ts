/**
 * `npm start`: database (embedded unless DATABASE_URL), migrations, seed, build when the
 * sources changed, then Next on PORT and, beside it, the worker that runs the jobs queue
 * (`npm run worker`, at a lower OS priority: decision 0280). `--dev` serves with `next dev` instead
 * of building.
 *
 * Stopping: SIGINT/SIGTERM reach the Next server and the worker (each its whole process group),
 * which drain for up to STOP_DRAIN_MS before they are killed; then the embedded database stops.
 * Exit status 0 only for a stop that was asked for; a server or worker that died on its own (a
 * crash, a kill -9) stops the other and exits non-zero, so a supervisor restarts the site. Killed
 * outright itself (kill -9 of this process or of the `run-ts` one that started it), the server and
 * the worker stop with it; a database left behind is shut down by the next start.
 */
import './lib/bootstrap'

import { spawn } from 'node:child_process'
import path from 'node:path'

import { needsBuild } from './lib/build-state'
import { log, openDatabase, root } from './lib/runtime'
import { SERVER_NODE_OPTIONS, superviseChildren } from './lib/supervise'

const dev = process.argv.includes('--dev')

/**
 * The worker's nice value: where the server and the worker both want the CPU, the worker gets about
 * a tenth of a core's share, and all of what the server leaves.
 */
const WORKER_PRIORITY = 10

/**
 * The embedded default's daily backup (decision 0230): a minute after the start, then every hour,
 * `scripts/backup.ts --scheduled` takes the UTC day's backup unless it was taken (its row names the
 * day), so a restart neither skips a day nor takes one twice. BACKUP_DAILY=off turns it off.
 */
const scheduleDailyBackup = () => {
  if (process.env.BACKUP_DAILY === 'off') return
  let running = false
  const take = () => {
    if (running) return
    running = true
    // Without the DATABASE_URL this process set for the site: the command finds the running
    // embedded server through its data directory and backs the cluster up.
    const env = { ...process.env }
    delete env.DATABASE_URL
    const child = spawn(
      process.execPath,
      [path.join(root, 'scripts/run-ts.mjs'), path.join(root, 'scripts/backup.ts'), '--scheduled'],
      { cwd: root, env, stdio: 'inherit' },
    )
    child.on('exit', () => (running = false))
    child.on('error', () => (running = false))
  }
  setTimeout(take, 60_000).unref()
  setInterval(take, 3_600_000).unref()
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
  const children = superviseChildren(() => void stop(0))
  const { runNode, runNext, stopRequested } = children
  // The database dying under the site is a failure: stop the site and say so.
  void database?.exited.then(() => {
    if (stopping) return
    console.error('The embedded PostgreSQL server exited unexpectedly.')
    children.terminate()
    void stop(1)
  })

  try {
    // In a process of its own (see scripts/migrate-and-seed.ts), with DATABASE_URL now known.
    const prepared = await runNode([
      path.join(root, 'scripts/run-ts.mjs'),
      path.join(root, 'scripts/migrate-and-seed.ts'),
    ])
    if (stopRequested()) return stop(0)
    if (prepared.code !== 0) return stop(prepared.code ?? 1)
    const port = process.env.PORT || '3000'
    if (!dev && needsBuild(process.env.NEXT_DIST_DIR || '.next')) {
      log('building the site')
      const build = await runNext(['build'])
      if (stopRequested()) return stop(0)
      if (build.code !== 0) return stop(build.code ?? 1)
    }
    log('serving', { url: `http://localhost:${port}` })
    if (database) scheduleDailyBackup()
    // The jobs queue in the worker, at a lower priority; the server's own timer off (decision
    // 0280). With EMAIL_QUEUE_CRON=off, neither works it (other instances do).
    const server = runNext([dev ? 'dev' : 'start', '-p', port], {
      nodeOptions: SERVER_NODE_OPTIONS,
      env: { EMAIL_QUEUE_CRON: 'off' },
    }).then((exit) => ({ ...exit, name: 'The Next.js server' }))
    const running = [server]
    if (process.env.EMAIL_QUEUE_CRON !== 'off')
      running.push(
        runNode([path.join(root, 'scripts/run-ts.mjs'), path.join(root, 'scripts/worker.ts')], {
          priority: WORKER_PRIORITY,
        }).then((exit) => ({ ...exit, name: 'The worker' })),
      )
    const first = await Promise.race(running)
    const failed = !stopRequested()
    // Not asked to stop: the server or the worker died (a crash or a signal from elsewhere); the
    // other one is stopped. Either way the database stops only once both have.
    if (failed) {
      console.error(`${first.name} exited on its own (${first.signal ?? `code ${first.code}`}).`)
      children.terminate()
    }
    await Promise.all(running)
    await stop(failed ? first.code || 1 : 0)
  } catch (error) {
    console.error(error)
    await stop(1)
  }
}

void main()
