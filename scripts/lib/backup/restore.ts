/**
 * Restores a backup (decision 0230) after checking it whole: the file's sha256 against FILE.sha256
 * when it is there, and every entry against the manifest inside. Nothing is written before the
 * check passes; a target that holds data is refused unless `force`.
 *
 * - An embedded cluster's backup goes into an empty data directory (DATA_DIR): the cluster is
 *   written beside it and renamed into place when complete; its first start replays the WAL.
 * - A pg_dump goes into an empty database (DATABASE_URL) with pg_restore, in one transaction.
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

import pg from 'pg'

import { readRunning, serverUser } from '../embedded-db'
import { type ArchiveEntry, readArchive, sha256 } from './archive'
import { type Manifest, runClientTool } from './take'

/** A backup that is not restored, with the reason a person can act on. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RestoreRefused'
  }
}

/**
 * The file could not be read to its end (a broken gzip stream, a damaged header): refused. An
 * error of the stream reaches whoever reads the entry's data at that moment, so both the walk over
 * the entries and the reading of each entry's data say it this way.
 */
const damaged = (file: string, error: unknown) =>
  error instanceof RestoreRefused
    ? error
    : new RestoreRefused(
        `${path.basename(file)} is damaged or incomplete (${(error as Error).message}); it is not restored.`,
      )

const entriesOf = async function* (file: string): AsyncGenerator<ArchiveEntry> {
  const gunzip = zlib.createGunzip()
  const stream = fs.createReadStream(file).pipe(gunzip)
  try {
    yield* readArchive(stream)
  } catch (error) {
    throw damaged(file, error)
  } finally {
    stream.destroy()
  }
}

const wholeFileDigest = async (file: string) => {
  const hash = sha256()
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/**
 * Reads the whole file and checks it: the checksum beside it, every entry's against the manifest,
 * and nothing missing or extra. Returns the manifest.
 */
export const verifyBackup = async (file: string): Promise<Manifest> => {
  if (!fs.existsSync(file)) throw new RestoreRefused(`${file} does not exist.`)
  if (file.endsWith('.partial')) {
    throw new RestoreRefused(
      `${path.basename(file)} is a backup that was never completed (still being written, or its process was stopped); it is not restored.`,
    )
  }
  const sidecar = `${file}.sha256`
  if (fs.existsSync(sidecar)) {
    const expected = fs.readFileSync(sidecar, 'utf8').trim().split(/\s+/)[0]
    const actual = await wholeFileDigest(file)
    if (expected !== actual) {
      throw new RestoreRefused(
        `Checksum mismatch: ${path.basename(file)} has sha256 ${actual}, ${path.basename(sidecar)} says ${expected}. The file is damaged; it is not restored.`,
      )
    }
  }
  const seen = new Map<string, string>()
  let manifest: Manifest | undefined
  try {
    for await (const entry of entriesOf(file)) {
      if (entry.type !== 'file') continue
      const hash = sha256()
      const chunks: Buffer[] = []
      for await (const chunk of entry.chunks()) {
        hash.update(chunk)
        if (entry.name === 'manifest.json') chunks.push(chunk)
      }
      if (entry.name === 'manifest.json') {
        try {
          manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Manifest
        } catch {
          throw new RestoreRefused(
            `${path.basename(file)} has a damaged manifest; it is not restored.`,
          )
        }
      } else seen.set(entry.name, hash.digest('hex'))
    }
  } catch (error) {
    throw damaged(file, error)
  }
  if (manifest?.format !== 'starfinity-backup') {
    throw new RestoreRefused(
      `${path.basename(file)} has no manifest: it is not a complete backup; it is not restored.`,
    )
  }
  for (const expected of manifest.entries) {
    const actual = seen.get(expected.name)
    if (actual !== expected.sha256) {
      throw new RestoreRefused(
        `Checksum mismatch in ${path.basename(file)}: ${expected.name} ${actual ? `has sha256 ${actual}, the manifest says ${expected.sha256}` : 'is missing'}. The file is damaged; it is not restored.`,
      )
    }
    seen.delete(expected.name)
  }
  if (seen.size > 0) {
    throw new RestoreRefused(
      `${path.basename(file)} holds entries its manifest does not list (${[...seen.keys()].slice(0, 3).join(', ')}); it is not restored.`,
    )
  }
  return manifest
}

const isEmptyDir = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0

/** Writes the entries under `prefix/` into `into`, checking each against the manifest again. */
const extract = async (
  file: string,
  manifest: Manifest,
  targets: Record<string, string>,
): Promise<void> => {
  const expected = new Map(manifest.entries.map((entry) => [entry.name, entry.sha256]))
  for await (const entry of entriesOf(file)) {
    const slash = entry.name.indexOf('/')
    const prefix = slash < 0 ? entry.name : entry.name.slice(0, slash)
    const into = targets[prefix]
    if (into === undefined) continue
    const relative = slash < 0 ? entry.name : entry.name.slice(slash + 1)
    const destination = slash < 0 && entry.type === 'directory' ? into : path.join(into, relative)
    if (path.relative(into, destination).startsWith('..')) {
      throw new RestoreRefused(`${entry.name} points outside its directory; it is not restored.`)
    }
    if (entry.type === 'directory') {
      fs.mkdirSync(destination, { recursive: true, mode: 0o700 })
      continue
    }
    fs.mkdirSync(path.dirname(destination), { recursive: true, mode: 0o700 })
    const handle = await fs.promises.open(destination, 'w', entry.mode & 0o777 || 0o600)
    const hash = sha256()
    try {
      for await (const chunk of entry.chunks()) {
        hash.update(chunk)
        await handle.write(chunk)
      }
      await handle.sync()
    } finally {
      await handle.close()
    }
    if (hash.digest('hex') !== expected.get(entry.name)) {
      throw new RestoreRefused(`${entry.name} changed while it was restored; the restore stopped.`)
    }
  }
}

const chownTree = (dir: string, user: { uid: number; gid: number }) => {
  fs.chownSync(dir, user.uid, user.gid)
  for (const child of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, child.name)
    if (child.isDirectory()) chownTree(full, user)
    else fs.chownSync(full, user.uid, user.gid)
  }
}

const aside = (dir: string) => {
  const moved = `${dir}.replaced-${new Date().toISOString().replace(/[-:.]/g, '')}`
  fs.renameSync(dir, moved)
  return moved
}

export type RestoreTarget =
  { kind: 'embedded'; dataRoot: string } | { kind: 'database'; databaseUrl: string }

export type RestoreOptions = {
  file: string
  target: RestoreTarget
  /** Where the media on disk go (MEDIA_DIR, DATA_DIR/media by default). */
  mediaDir: string
  /** Restore over data that is there (set aside for the embedded cluster and the media). */
  force?: boolean
  binDir?: string
}

export type RestoreResult = { manifest: Manifest; setAside: string[] }

const userRelations = async (databaseUrl: string) => {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ count: string }>(`
      SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
        AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'`)
    return Number(rows[0].count)
  } finally {
    await client.end()
  }
}

const emptyDatabase = async (databaseUrl: string) => {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ nspname: string }>(`
      SELECT nspname FROM pg_namespace
      WHERE nspname NOT IN ('pg_catalog', 'information_schema')
        AND nspname NOT LIKE 'pg_toast%' AND nspname NOT LIKE 'pg_temp%'`)
    for (const { nspname } of rows) {
      await client.query(`DROP SCHEMA ${client.escapeIdentifier(nspname)} CASCADE`)
    }
    await client.query('CREATE SCHEMA public')
  } finally {
    await client.end()
  }
}

export const restoreBackup = async (options: RestoreOptions): Promise<RestoreResult> => {
  const { file, target, mediaDir, force = false } = options
  const manifest = await verifyBackup(file)
  const setAside: string[] = []
  const refuseFull = (what: string) => {
    throw new RestoreRefused(
      `${what} is not empty: a restore goes into an empty one. Run it again with --force to restore over it (${target.kind === 'embedded' ? 'the data there is kept aside, renamed' : 'the database is emptied first'}).`,
    )
  }
  const mediaFull = manifest.media === 'disk' && !isEmptyDir(mediaDir)

  if (manifest.kind === 'embedded-cluster') {
    if (target.kind !== 'embedded') {
      throw new RestoreRefused(
        'This backup is of the embedded database: restore it without DATABASE_URL, into an empty data directory (DATA_DIR).',
      )
    }
    const { dataRoot } = target
    const owner = readRunning(dataRoot)
    if (owner) {
      throw new RestoreRefused(
        `The data directory ${dataRoot} is in use by process ${owner.pid}: stop the site first.`,
      )
    }
    const cluster = path.join(dataRoot, 'postgres')
    const clusterFull = !isEmptyDir(cluster)
    if (clusterFull && !force) refuseFull(`The data directory's database (${cluster})`)
    if (mediaFull && !force) refuseFull(`The media directory ${mediaDir}`)
    fs.mkdirSync(dataRoot, { recursive: true })
    const staging = `${cluster}.restoring-${process.pid}`
    const mediaStaging = `${mediaDir}.restoring-${process.pid}`
    const secrets = path.join(dataRoot, `.restoring-${process.pid}`)
    try {
      fs.mkdirSync(staging, { mode: 0o700 })
      await extract(file, manifest, {
        database: staging,
        media: mediaStaging,
        data: secrets,
      })
      const user = serverUser()
      if (user) chownTree(staging, user)
      if (clusterFull) setAside.push(aside(cluster))
      else fs.rmSync(cluster, { recursive: true, force: true })
      for (const name of fs.existsSync(secrets) ? fs.readdirSync(secrets) : []) {
        fs.renameSync(path.join(secrets, name), path.join(dataRoot, name))
      }
      fs.renameSync(staging, cluster)
      if (fs.existsSync(mediaStaging)) {
        if (mediaFull) setAside.push(aside(mediaDir))
        else fs.rmSync(mediaDir, { recursive: true, force: true })
        fs.renameSync(mediaStaging, mediaDir)
      }
    } finally {
      for (const dir of [staging, mediaStaging, secrets]) {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    }
    return { manifest, setAside }
  }

  if (target.kind !== 'database') {
    throw new RestoreRefused(
      'This backup is a dump of a PostgreSQL database: set DATABASE_URL to an empty database to restore it.',
    )
  }
  const databaseFull = (await userRelations(target.databaseUrl)) > 0
  if (databaseFull && !force) refuseFull('The database DATABASE_URL names')
  if (mediaFull && !force) refuseFull(`The media directory ${mediaDir}`)
  const work = fs.mkdtempSync(path.join(path.dirname(path.resolve(file)), '.restoring-'))
  const mediaStaging = `${mediaDir}.restoring-${process.pid}`
  try {
    await extract(file, manifest, { 'database.dump': work, media: mediaStaging })
    if (databaseFull) await emptyDatabase(target.databaseUrl)
    await runClientTool(
      'pg_restore',
      [
        '--no-owner',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${target.databaseUrl}`,
        path.join(work, 'database.dump'),
      ],
      options.binDir,
    )
    if (fs.existsSync(mediaStaging)) {
      if (mediaFull) setAside.push(aside(mediaDir))
      else fs.rmSync(mediaDir, { recursive: true, force: true })
      fs.mkdirSync(path.dirname(mediaDir), { recursive: true })
      fs.renameSync(mediaStaging, mediaDir)
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
    fs.rmSync(mediaStaging, { recursive: true, force: true })
  }
  return { manifest, setAside }
}
