/**
 * Takes a backup (decision 0230): the database and the uploaded media on disk into one gzipped tar
 * with a manifest of every entry's sha256, written under a temporary name, synced, then renamed;
 * its sha256 beside it (FILE.sha256, as `sha256sum` writes it); its row in `backups`.
 *
 * - The embedded database: PostgreSQL's own base backup, through its low-level API
 *   (pg_backup_start / pg_backup_stop) with a temporary replication slot holding the WAL the copy
 *   needs: a consistent copy of the running cluster, taken while the site serves. The embedded
 *   package ships no pg_dump (decision 0230).
 * - DATABASE_URL: `pg_dump --format=custom` from the PostgreSQL client tools on PATH (or
 *   PG_BIN_DIR), of the same major version as the server or newer.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { Transform } from 'node:stream'
import zlib from 'node:zlib'

import pg from 'pg'

import { isAlive } from '../embedded-db'
import { archiveEnd, entryHeader, entryPadding, sha256 } from './archive'

export const BACKUP_PATTERN = /^starfinity-backup-(\d{8}T\d{9}Z)\.tar\.gz$/
const PARTIAL = /\.(\d+)\.partial$/

export type BackupKind = 'embedded-cluster' | 'pg_dump'

export type ManifestEntry = { name: string; size: number; sha256: string }
export type Manifest = {
  format: 'starfinity-backup'
  version: 1
  kind: BackupKind
  createdAt: string
  server: string
  /** 'disk': the entries under media/; 's3': the media are in the bucket, not in this file. */
  media: 'disk' | 's3'
  entries: ManifestEntry[]
}

export type BackupOptions = {
  /** The site's database (for the embedded one: the running server's address). */
  databaseUrl: string
  /** The embedded cluster's directory: a base backup of it; absent: pg_dump of databaseUrl. */
  cluster?: string
  /** The uploaded media on disk; absent when they are in S3. */
  mediaDir?: string
  /** Where the file goes (DATA_DIR/backups by default). */
  dir: string
  /** How many backups the directory keeps (the newest). */
  keep: number
  /** A scheduled backup names its UTC day: one per day. */
  scheduledDay?: string
  /** Where pg_dump is (PG_BIN_DIR), else PATH. */
  binDir?: string
}

export type BackupResult = {
  file: string
  sizeBytes: number
  sha256: string
  takenAt: Date
  kind: BackupKind
  recorded: boolean
}

/** 2026-12-06T20:15:00.123Z → 20261206T201500123Z: names sort as times. */
const stamp = (date: Date) => date.toISOString().replace(/[-:.]/g, '')

/** Temporary files of a backup whose process is gone (killed mid-way): removed. */
const removeAbandoned = (dir: string) => {
  for (const name of fs.readdirSync(dir)) {
    const owner = PARTIAL.exec(name)
    if (owner && !isAlive(Number(owner[1]))) fs.rmSync(path.join(dir, name), { force: true })
  }
}

const fsyncDir = (dir: string) => {
  if (process.platform === 'win32') return
  const fd = fs.openSync(dir, 'r')
  try {
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
}

/** Files of the cluster a base backup leaves out (PostgreSQL's documentation, "Making a Base Backup Using the Low Level API"). */
const SKIPPED_CONTENTS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
])
const SKIPPED_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'pg_internal.init'])
const skippedFile = (name: string) =>
  SKIPPED_FILES.has(name) || name.startsWith('pgsql_tmp') || name.endsWith('.tmp')

type Collector = { entries: ManifestEntry[] }

/** One file's entry: its bytes as they are now, exactly `size` of them (a file that shrank meanwhile is padded; WAL replay repairs it). */
async function* fileEntry(
  collector: Collector,
  name: string,
  file: string,
): AsyncGenerator<Buffer> {
  let handle: fs.promises.FileHandle
  try {
    handle = await fs.promises.open(file, 'r')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return // dropped meanwhile
    throw error
  }
  try {
    const { size, mode } = await handle.stat()
    const hash = sha256()
    yield entryHeader(name, size, 'file', mode & 0o777)
    let left = size
    const buffer = Buffer.allocUnsafe(1 << 20)
    while (left > 0) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, left), null)
      const chunk = bytesRead > 0 ? Buffer.from(buffer.subarray(0, bytesRead)) : Buffer.alloc(left)
      hash.update(chunk)
      left -= chunk.length
      yield chunk
    }
    yield entryPadding(size)
    collector.entries.push({ name, size, sha256: hash.digest('hex') })
  } finally {
    await handle.close()
  }
}

async function* bufferEntry(collector: Collector, name: string, body: Buffer) {
  yield entryHeader(name, body.length)
  yield body
  yield entryPadding(body.length)
  collector.entries.push({ name, size: body.length, sha256: sha256().update(body).digest('hex') })
}

/** A directory tree's entries under `prefix`, directories first; `skip` leaves a directory's contents out. */
async function* treeEntries(
  collector: Collector,
  root: string,
  prefix: string,
  skipContents: (relative: string) => boolean = () => false,
  relative = '',
): AsyncGenerator<Buffer> {
  let children: fs.Dirent[]
  try {
    children = await fs.promises.readdir(path.join(root, relative), { withFileTypes: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  for (const child of children.sort((a, b) => a.name.localeCompare(b.name))) {
    const childRelative = relative ? `${relative}/${child.name}` : child.name
    const name = `${prefix}/${childRelative}`
    if (child.isDirectory()) {
      yield entryHeader(name, 0, 'directory')
      if (!skipContents(childRelative)) {
        yield* treeEntries(collector, root, prefix, skipContents, childRelative)
      }
    } else if (child.isFile()) {
      if (!skippedFile(child.name) || prefix !== 'database') {
        yield* fileEntry(collector, name, path.join(root, childRelative))
      }
    } else if (child.isSymbolicLink() && prefix === 'database') {
      throw new Error(`The cluster holds a link (${childRelative}): tablespaces are not backed up.`)
    }
  }
}

/** The running embedded cluster, consistent: pg_backup_start, the copy, pg_backup_stop, the WAL between. */
async function* clusterEntries(
  collector: Collector,
  client: pg.Client,
  cluster: string,
): AsyncGenerator<Buffer> {
  const slot = `starfinity_backup_${process.pid}`
  await client.query('SELECT pg_create_physical_replication_slot($1, true, true)', [slot])
  const started = await client.query<{ lsn: string; wal: string }>(
    'SELECT lsn::text, pg_walfile_name(lsn) AS wal FROM pg_backup_start($1, true) AS lsn',
    [`starfinity ${new Date().toISOString()}`],
  )
  yield* treeEntries(collector, cluster, 'database', (relative) => SKIPPED_CONTENTS.has(relative))
  const stopped = await client.query<{ wal: string; labelfile: string; spcmapfile: string }>(
    'SELECT pg_walfile_name(lsn) AS wal, labelfile, spcmapfile FROM pg_backup_stop(false)',
  )
  const { wal: firstWal } = started.rows[0]
  const { wal: lastWal, labelfile, spcmapfile } = stopped.rows[0]
  const walDir = path.join(cluster, 'pg_wal')
  yield entryHeader('database/pg_wal/archive_status', 0, 'directory')
  const segments = fs
    .readdirSync(walDir)
    .filter(
      (name) =>
        /^[0-9A-F]{24}$/.test(name) &&
        name.slice(0, 8) === firstWal.slice(0, 8) &&
        name >= firstWal &&
        name <= lastWal,
    )
    .sort()
  if (segments[0] !== firstWal || segments.at(-1) !== lastWal) {
    throw new Error(`The WAL from ${firstWal} to ${lastWal} is not all in ${walDir}.`)
  }
  for (const name of segments)
    yield* fileEntry(collector, `database/pg_wal/${name}`, path.join(walDir, name))
  for (const name of fs.readdirSync(walDir).filter((n) => n.endsWith('.history'))) {
    yield* fileEntry(collector, `database/pg_wal/${name}`, path.join(walDir, name))
  }
  yield* bufferEntry(collector, 'database/backup_label', Buffer.from(labelfile))
  if (spcmapfile) yield* bufferEntry(collector, 'database/tablespace_map', Buffer.from(spcmapfile))
  await client.query('SELECT pg_drop_replication_slot($1)', [slot])
}

/** Runs a PostgreSQL client program; its own message on failure. */
export const runClientTool = (
  program: string,
  args: string[],
  binDir: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
) =>
  new Promise<void>((resolve, reject) => {
    const command = binDir ? path.join(binDir, program) : program
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env })
    let output = ''
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', (error) =>
      reject(
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error(
              `${program} was not found${binDir ? ` in ${binDir}` : ' on PATH'}: install the PostgreSQL client tools of the server's major version (or newer), or set PG_BIN_DIR.`,
            )
          : error,
      ),
    )
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} failed:\n${output.trim()}`)),
    )
  })

export const takeBackup = async (options: BackupOptions): Promise<BackupResult> => {
  fs.mkdirSync(options.dir, { recursive: true, mode: 0o700 })
  removeAbandoned(options.dir)
  const takenAt = new Date()
  const finalName = `starfinity-backup-${stamp(takenAt)}.tar.gz`
  const file = path.join(options.dir, finalName)
  const partial = `${file}.${process.pid}.partial`
  const dumpFile = `${file}.dump.${process.pid}.partial`
  const kind: BackupKind = options.cluster ? 'embedded-cluster' : 'pg_dump'

  const client = new pg.Client({ connectionString: options.databaseUrl })
  await client.connect()
  const collector: Collector = { entries: [] }
  const whole = sha256()
  try {
    const server = (await client.query<{ v: string }>('SHOW server_version')).rows[0].v
    if (!options.cluster) {
      await runClientTool(
        'pg_dump',
        ['--format=custom', '--no-owner', `--file=${dumpFile}`, `--dbname=${options.databaseUrl}`],
        options.binDir,
      )
    }
    async function* source() {
      if (options.cluster) {
        yield* clusterEntries(collector, client, options.cluster)
        // The cluster's password and the site's generated secret go with it: the restored cluster
        // opens with its own password, and tokens signed with the secret stay valid.
        const dataRoot = path.dirname(options.cluster)
        for (const name of ['postgres.password', 'payload-secret']) {
          yield* fileEntry(collector, `data/${name}`, path.join(dataRoot, name))
        }
      } else yield* fileEntry(collector, 'database.dump', dumpFile)
      if (options.mediaDir) {
        yield entryHeader('media', 0, 'directory')
        yield* treeEntries(collector, options.mediaDir, 'media')
      }
      const manifest: Manifest = {
        format: 'starfinity-backup',
        version: 1,
        kind,
        createdAt: takenAt.toISOString(),
        server,
        media: options.mediaDir ? 'disk' : 's3',
        entries: collector.entries,
      }
      const body = Buffer.from(JSON.stringify(manifest, null, 1))
      yield entryHeader('manifest.json', body.length)
      yield body
      yield entryPadding(body.length)
      yield archiveEnd()
    }
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        whole.update(chunk)
        done(null, chunk)
      },
    })
    // `flush`: the file is fsynced before it is closed, so the rename below publishes it whole.
    await pipeline(
      source(),
      zlib.createGzip({ level: 1 }),
      tap,
      fs.createWriteStream(partial, { flags: 'wx', mode: 0o600, flush: true }),
    )
  } catch (error) {
    fs.rmSync(partial, { force: true })
    throw error
  } finally {
    fs.rmSync(dumpFile, { force: true })
    await client.end().catch(() => undefined)
  }

  const digest = whole.digest('hex')
  const sidecar = `${file}.sha256`
  fs.writeFileSync(`${sidecar}.${process.pid}.partial`, `${digest}  ${finalName}\n`, {
    mode: 0o600,
    flush: true,
  })
  fs.renameSync(`${sidecar}.${process.pid}.partial`, sidecar)
  fs.renameSync(partial, file)
  fsyncDir(options.dir)
  const sizeBytes = fs.statSync(file).size

  const recorded = await recordBackup(options.databaseUrl, {
    file,
    sizeBytes,
    sha256: digest,
    takenAt,
    kind,
    scheduledDay: options.scheduledDay,
  })
  pruneBackups(options.dir, options.keep)
  return { file, sizeBytes, sha256: digest, takenAt, kind, recorded }
}

/** The backup's row (migrations not run yet: none, and the file still stands). */
const recordBackup = async (
  databaseUrl: string,
  row: Omit<BackupResult, 'recorded'> & { scheduledDay?: string },
) => {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(
      `INSERT INTO backups (backed_up_at, file, size_bytes, sha256, kind, scheduled_day)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (scheduled_day) DO NOTHING`,
      [row.takenAt, row.file, row.sizeBytes, row.sha256, row.kind, row.scheduledDay ?? null],
    )
    return true
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return false
    throw error
  } finally {
    await client.end()
  }
}

/** Whether the scheduled backup of this UTC day was taken (a restart does not take it twice). */
export const scheduledTaken = async (databaseUrl: string, day: string) => {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const found = await client.query('SELECT 1 FROM backups WHERE scheduled_day = $1', [day])
    return (found.rowCount ?? 0) > 0
  } finally {
    await client.end()
  }
}

/** Keeps the newest `keep` backups of the directory (with their checksum files). */
export const pruneBackups = (dir: string, keep: number) => {
  const files = fs
    .readdirSync(dir)
    .filter((name) => BACKUP_PATTERN.test(name))
    .sort()
  const removed = files.slice(0, Math.max(0, files.length - keep))
  for (const name of removed) {
    fs.rmSync(path.join(dir, name), { force: true })
    fs.rmSync(path.join(dir, `${name}.sha256`), { force: true })
  }
  return removed
}
