/**
 * The site as the benchmarks and the tests run it: started on a free port (unless one is given)
 * with the caller's database and environment, ready once GET /api/health answers 200, and stopped
 * with SIGTERM (SIGKILL when it will not exit). `start-script` runs scripts/start.ts (an embedded
 * database when `databaseUrl` is empty, migrations, seed, a build when the sources changed);
 * `next-start` serves an existing build on a migrated database (the site's, or the Next.js app in
 * `appDir`, ready once `readyPath` answers 200); `serve-script` runs `npm run serve`'s own command
 * from package.json (the production image's, decision 0156).
 *
 * Ready means the site's own Next.js server said it listens: another server that took the port
 * between its choice and the site's start would answer /api/health too (the site then exits with
 * EADDRINUSE), so a healthy answer alone could be a stranger's. A site started on a port it chose
 * itself takes another port when that one was taken.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'

import { freePort } from './embedded-db'
import { root } from './runtime'

export const NEXT_BIN = path.join(root, 'node_modules/next/dist/bin/next')

const POLL_MS = 250
const STOP_GRACE_MS = 20_000

export interface SiteOptions {
  run: 'start-script' | 'next-start' | 'serve-script'
  /** `next-start` only: the folder of another Next.js app to serve (default: the site). */
  appDir?: string
  /**
   * `serve-script` only: the directory the command runs in (default: the project), e.g. the
   * production image's files assembled elsewhere.
   */
  cwd?: string
  /** The path that answers 200 once the server is ready (default /api/health). */
  readyPath?: string
  /** The site's database; empty lets scripts/start.ts start an embedded one (never one from .env). */
  databaseUrl: string
  /** The site's environment (default: this process's); PORT and DATABASE_URL are set over it. */
  env?: Record<string, string | undefined>
  port?: number
  /** Host name of the site's address (default localhost). */
  host?: string
  /** SERVER_URL set to the site's own address: the links it renders and its CSRF origin. */
  setServerUrl?: boolean
  /** Where the site's output goes; kept in memory when unset. */
  logFile?: string
  /** A process group of its own: a Ctrl-C in the terminal reaches only the caller, which stops it. */
  ownGroup?: boolean
  /** How long to wait for /api/health (default 10 minutes: a start may build first). */
  timeoutMs?: number
  /** Aborting gives up the start: the site is stopped and the signal's reason thrown. */
  signal?: AbortSignal
  /** Called every 30 s while waiting, with the seconds waited. */
  onWaiting?: (seconds: number) => void
}

export interface SiteExit {
  code: number | null
  signal: NodeJS.Signals | null
}

export interface Site {
  url: string
  port: number
  child: ChildProcess
  ownGroup: boolean
  /** Set once the site has exited. */
  exit: SiteExit | undefined
  exited: Promise<SiteExit>
  /** Everything the site printed so far. */
  output: () => string
  outputTail: (lines?: number) => string
}

/** The site exited or never became healthy; `outputTail` is the end of what it printed. */
export class SiteFailed extends Error {
  reason: string
  outputTail: string
  /** Another process listened on the site's port (EADDRINUSE). */
  portInUse: boolean
  constructor(reason: string, outputTail: string) {
    super(`${reason}. Last lines of its output:\n${outputTail}`)
    this.reason = reason
    this.outputTail = outputTail
    this.portInUse = /\bEADDRINUSE\b/.test(outputTail)
  }
}

/** Next.js's line once its server listens (`next start`, started by every run mode). */
const LISTENING = /Ready in \d/

/**
 * A free port of loopback, held (a listening socket) until `release`: nothing else started on this
 * machine meanwhile is given it. Release it just before starting the server that takes it.
 */
export const reservePort = () =>
  new Promise<{ port: number; release: () => Promise<void> }>((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      resolve({ port, release: () => new Promise((done) => server.close(() => done())) })
    })
  })

export const describeExit = (exit: SiteExit) =>
  exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`

const running = new Set<Site>()

const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0)
    return true
  } catch {
    return false
  }
}

const kill = (site: Site) => {
  const pid = site.child.pid
  if (!pid) return
  if (site.ownGroup) {
    if (groupAlive(pid)) process.kill(-pid, 'SIGKILL')
  } else if (!site.exit) site.child.kill('SIGKILL')
}

/** Last resort (a second Ctrl-C, a crash): SIGKILL to every site still running, at once. */
export const killSitesNow = () => {
  for (const site of running) kill(site)
}

/** The arguments of a package script that runs `node …`, to run with this process's Node. */
export const npmScriptArgs = (name: string): string[] => {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>
  }
  const [program, ...args] = (scripts[name] ?? '').split(' ')
  if (program !== 'node') throw new Error(`npm run ${name} is not a node command: ${scripts[name]}`)
  return args
}

const commandOf = (options: SiteOptions, port: number) => {
  if (options.run === 'start-script')
    return [path.join(root, 'scripts/run-ts.mjs'), 'scripts/start.ts']
  if (options.run === 'serve-script') return npmScriptArgs('serve')
  return [NEXT_BIN, 'start', ...(options.appDir ? [options.appDir] : []), '-p', String(port)]
}

const launch = (options: SiteOptions, port: number): Site => {
  const url = `http://${options.host ?? 'localhost'}:${port}`
  const args = commandOf(options, port)
  const env: Record<string, string | undefined> = {
    ...(options.env ?? process.env),
    PORT: String(port),
    DATABASE_URL: options.databaseUrl,
    ...(options.setServerUrl ? { SERVER_URL: url } : {}),
  }
  let logFd: number | undefined
  if (options.logFile) {
    fs.mkdirSync(path.dirname(options.logFile), { recursive: true })
    logFd = fs.openSync(options.logFile, 'w')
  }
  const child = spawn(process.execPath, args, {
    cwd: (options.run === 'serve-script' && options.cwd) || root,
    env: env as NodeJS.ProcessEnv,
    stdio: logFd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd],
    detached: Boolean(options.ownGroup),
  })
  if (logFd !== undefined) fs.closeSync(logFd)
  let printed = ''
  child.stdout?.on('data', (chunk) => (printed += chunk))
  child.stderr?.on('data', (chunk) => (printed += chunk))
  const output = () =>
    options.logFile
      ? fs.existsSync(options.logFile)
        ? fs.readFileSync(options.logFile, 'utf8')
        : ''
      : printed
  const site: Site = {
    url,
    port,
    child,
    ownGroup: Boolean(options.ownGroup),
    exit: undefined,
    exited: new Promise((resolve) => {
      const done = (exit: SiteExit) => {
        site.exit ??= exit
        running.delete(site)
        resolve(site.exit)
      }
      child.once('exit', (code, signal) => done({ code, signal }))
      child.once('error', () => done({ code: null, signal: null }))
    }),
    output,
    outputTail: (lines = 40) => output().trimEnd().split('\n').slice(-lines).join('\n'),
  }
  running.add(site)
  return site
}

const waitUntilHealthy = async (site: Site, options: SiteOptions) => {
  const timeoutMs = options.timeoutMs ?? 10 * 60_000
  const readyPath = options.readyPath ?? '/api/health'
  const started = Date.now()
  let reported = started
  while (Date.now() - started < timeoutMs) {
    if (options.signal?.aborted) throw options.signal.reason
    if (site.exit) {
      // The last of its output, still in the pipes, is read first.
      await Promise.race([new Promise((resolve) => site.child.once('close', resolve)), delay(1000)])
      throw new SiteFailed(
        `the site exited (${describeExit(site.exit)}) before it was ready`,
        site.outputTail(),
      )
    }
    try {
      const response = await fetch(`${site.url}${readyPath}`, {
        signal: AbortSignal.timeout(5_000),
      })
      await response.arrayBuffer()
      if (response.status === 200 && LISTENING.test(site.output())) return
    } catch {
      // Not listening yet (migrating, seeding or building).
    }
    if (Date.now() - reported >= 30_000) {
      reported = Date.now()
      options.onWaiting?.(Math.round((reported - started) / 1000))
    }
    await delay(POLL_MS, undefined, { signal: options.signal }).catch(() => undefined)
  }
  throw new SiteFailed(
    `${readyPath} did not answer 200 within ${Math.round(timeoutMs / 1000)} s`,
    site.outputTail(),
  )
}

/**
 * Starts the site and waits until it is healthy; a site that is not is stopped before the throw.
 * On a port of its own choosing, a port taken meanwhile by another process means another port.
 */
export const startSite = async (options: SiteOptions): Promise<Site> => {
  for (let attempt = 1; ; attempt++) {
    const site = launch(options, options.port ?? (await freePort()))
    try {
      await waitUntilHealthy(site, options)
      return site
    } catch (error) {
      await stopSite(site)
      const retry = error instanceof SiteFailed && error.portInUse && !options.port && attempt < 3
      if (!retry) throw error
    }
  }
}

const within = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), delay(ms, false, { ref: false })])

/**
 * SIGTERM, then waits for the site (and, in its own group, every process it started) to exit;
 * SIGKILL when it will not. Returns notes on what had to be killed.
 */
export const stopSite = async (site: Site): Promise<string[]> => {
  const notes: string[] = []
  if (!site.exit) {
    site.child.kill('SIGTERM')
    if (!(await within(site.exited, STOP_GRACE_MS))) {
      notes.push(`the site did not exit within ${STOP_GRACE_MS / 1000} s of SIGTERM; killed`)
      kill(site)
      await site.exited
    }
  }
  const pid = site.child.pid
  if (!site.ownGroup || !pid) return notes
  for (let waited = 0; groupAlive(pid) && waited < 10_000; waited += 250) await delay(250)
  if (groupAlive(pid)) {
    notes.push('processes of the site were still running after it exited; killed')
    kill(site)
  }
  return notes
}
