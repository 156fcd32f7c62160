import fs from 'node:fs'
import path from 'node:path'

import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'

import { embeddedDatabaseUrl, embeddedSocketDir, embeddedSocketFile } from './embedded-address'

export type EmbeddedDatabase = {
  /** postgres:// address of the loopback server, for Payload's postgres adapter. */
  url: string
  db: PGlite
  close: () => Promise<void>
}

export type EmbeddedOptions = {
  /** Data directory; omitted for an in-memory database (tests). */
  dataDir?: string
  /** A data directory archive to start from (a migrated template, in tests). */
  loadDataDir?: Blob | File
  /** Names the Unix socket it listens on (see embedded-address.ts). */
  socketId: string
  maxConnections?: number
}

export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly url: string | undefined,
  ) {
    super(
      `The embedded database in ${dataDir} is already in use by process ${pid}` +
        `${url ? ` (serving ${url})` : ''}. Stop that process first, or set PGLITE_DATA_DIR to another directory.`,
    )
    this.name = 'DatabaseInUseError'
  }
}

type LockInfo = { pid: number; url?: string }

const lockPath = (dataDir: string) => `${dataDir}.lock`

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export const readLock = (dataDir: string): LockInfo | undefined => {
  try {
    const info = JSON.parse(fs.readFileSync(lockPath(dataDir), 'utf8')) as LockInfo
    return isAlive(info.pid) ? info : undefined
  } catch {
    return undefined
  }
}

/** One owner per data directory: an atomic create of `<dir>.lock`, taken over only from a dead owner. */
const acquireLock = (dataDir: string) => {
  fs.mkdirSync(path.dirname(dataDir), { recursive: true })
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath(dataDir), JSON.stringify({ pid: process.pid }), { flag: 'wx' })
      return
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = readLock(dataDir)
      if (owner) throw new DatabaseInUseError(dataDir, owner.pid, owner.url)
      fs.rmSync(lockPath(dataDir), { force: true }) // left by a process that died
    }
  }
  throw new Error(`Could not lock ${lockPath(dataDir)}`)
}

const releaseLock = (dataDir: string) => {
  const owner = readLock(dataDir)
  if (!owner || owner.pid === process.pid) fs.rmSync(lockPath(dataDir), { force: true })
}

/**
 * PostgreSQL in WebAssembly (PGlite), served on loopback so Payload's postgres adapter
 * connects to it like to any PostgreSQL server.
 */
export const startEmbeddedDatabase = async (
  options: EmbeddedOptions,
): Promise<EmbeddedDatabase> => {
  const { dataDir, socketId, maxConnections = 16 } = options
  if (dataDir) acquireLock(dataDir)
  let db: PGlite | undefined
  let server: PGLiteSocketServer | undefined
  try {
    // pg_trgm: the admin lists' substring search uses trigram indexes (decision 30).
    db = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } })
    fs.rmSync(embeddedSocketDir(socketId), { recursive: true, force: true })
    fs.mkdirSync(embeddedSocketDir(socketId), { recursive: true, mode: 0o700 })
    server = new PGLiteSocketServer({ db, path: embeddedSocketFile(socketId), maxConnections })
    await server.start()
  } catch (error) {
    await server?.stop().catch(() => undefined)
    await db?.close().catch(() => undefined)
    if (dataDir) releaseLock(dataDir)
    throw error
  }
  const url = embeddedDatabaseUrl(socketId)
  if (dataDir) fs.writeFileSync(lockPath(dataDir), JSON.stringify({ pid: process.pid, url }))

  let closing: Promise<void> | undefined
  const close = () =>
    (closing ??= (async () => {
      await server.stop()
      await db.close()
      if (dataDir) releaseLock(dataDir)
      fs.rmSync(embeddedSocketDir(socketId), { recursive: true, force: true })
    })())
  return { url, db, close }
}
