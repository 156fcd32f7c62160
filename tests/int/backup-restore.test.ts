/**
 * The restore drill (decision 0230), with real processes: `npm run backup` of a running embedded
 * database, more signups, `npm run restore` into a fresh data directory, the restored database
 * started and read by Payload. A damaged file, a killed backup and a non-empty target are refused;
 * the directory keeps the newest backups; a database on a server (DATABASE_URL) goes through
 * pg_dump and pg_restore.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { sql } from '@payloadcms/db-postgres/drizzle'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'

import { BACKUP_PATTERN, pruneBackups } from '../../scripts/lib/backup/take'
import { type EmbeddedServer, startEmbeddedServer } from '../../scripts/lib/embedded-db'
import { startApp } from '../helpers/app'
import { databaseUrl } from '../helpers/env'
import { lastBackup } from '@/services/backups/last-backup'

const root = path.resolve(import.meta.dirname, '../..')
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'starfinity-backup-'))
const SECRET = 'backup-drill-secret-0123456789abcdef'
const servers: EmbeddedServer[] = []
afterAll(async () => {
  for (const server of servers) await server.stop()
  fs.rmSync(work, { recursive: true, force: true })
})

const drillEmail = (index: number) => `drill.person.${String(index).padStart(4, '0')}@example.com`

/** The environment of a command: only what the test gives it (no test database, no S3). */
const commandEnv = (extra: Record<string, string>) => {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of Object.keys(env)) {
    if (/^(S3_|BACKUP_)/.test(name) || ['DATABASE_URL', 'MEDIA_DIR', 'DATA_DIR'].includes(name)) {
      delete env[name]
    }
  }
  return { ...env, PAYLOAD_SECRET: SECRET, ...extra }
}

type Ran = { code: number | null; stdout: string; stderr: string }

const collect = (child: ChildProcess) =>
  new Promise<Ran>((resolve) => {
    let stdout = ''
    let stderr = ''
    child.stdout?.on('data', (chunk) => (stdout += chunk))
    child.stderr?.on('data', (chunk) => (stderr += chunk))
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })

const runTs = (script: string, args: string[], env: Record<string, string>) =>
  collect(
    spawn(process.execPath, [path.join(root, 'scripts/run-ts.mjs'), script, ...args], {
      cwd: root,
      env: commandEnv(env),
    }),
  )

const backup = (env: Record<string, string>, args: string[] = []) =>
  runTs(path.join(root, 'scripts/backup.ts'), args, env)
const restore = (file: string, env: Record<string, string>, args: string[] = []) =>
  runTs(path.join(root, 'scripts/restore.ts'), [file, ...args], env)
const drill = (args: string[], env: Record<string, string>) =>
  runTs(path.join(root, 'tests/helpers/backup-drill.ts'), args, env)

const ok = (ran: Ran) => {
  if (ran.code !== 0) throw new Error(`exit ${ran.code}\n${ran.stdout}\n${ran.stderr}`)
  return ran
}

const backupsIn = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((name) => BACKUP_PATTERN.test(name))
        .sort()
    : []

const query = async (url: string, text: string, values: unknown[] = []) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(text, values)).rows
  } finally {
    await client.end()
  }
}

const report = async (url: string, mediaDir: string) => {
  const ran = ok(await drill(['report'], { DATABASE_URL: url, MEDIA_DIR: mediaDir }))
  const line = ran.stdout.trim().split('\n').at(-1) as string
  return JSON.parse(line) as { emails: string[]; media: { filename: string; onDisk: boolean }[] }
}

// Each step builds on the one before (and starts processes that load Payload): no retry.
describe('the embedded database', { timeout: 300_000, retry: 0 }, () => {
  const source = path.join(work, 'source')
  const restored = path.join(work, 'restored')
  const backups = path.join(source, 'backups')
  let file = ''

  it('restore drill: 100 signups backed up, 50 more, restored into a fresh data directory: exactly the first 100 and the image', async () => {
    const server = await startEmbeddedServer({ dataRoot: source, throwaway: true })
    servers.push(server)
    ok(
      await drill(['seed', '0', '100'], {
        DATABASE_URL: server.url,
        MEDIA_DIR: path.join(source, 'media'),
      }),
    )

    // The site's database is running: the backup shares it, as beside `npm start`.
    const taken = ok(await backup({ DATA_DIR: source }))
    expect(taken.stdout).toContain('backup taken')
    const [name] = backupsIn(backups)
    expect(name).toBeDefined()
    file = path.join(backups, name)
    const recorded = await query(server.url, 'SELECT file, size_bytes, sha256 FROM backups')
    expect(recorded).toHaveLength(1)
    expect(recorded[0].file).toBe(file)
    expect(Number(recorded[0].size_bytes)).toBe(fs.statSync(file).size)
    expect(fs.readFileSync(`${file}.sha256`, 'utf8')).toBe(`${recorded[0].sha256}  ${name}\n`)

    ok(
      await drill(['signup', '100', '50'], {
        DATABASE_URL: server.url,
        MEDIA_DIR: path.join(source, 'media'),
      }),
    )
    const [{ count }] = await query(
      server.url,
      'SELECT count(*)::int AS count FROM waitlist_entries',
    )
    expect(count).toBe(150)

    const restoredRun = ok(await restore(file, { DATA_DIR: restored }))
    expect(restoredRun.stdout).toContain('backup restored')
    const again = await startEmbeddedServer({ dataRoot: restored, throwaway: true })
    servers.push(again)
    const seen = await report(again.url, path.join(restored, 'media'))
    expect(seen.emails).toEqual(Array.from({ length: 100 }, (_, i) => drillEmail(i)))
    expect(seen.media).toHaveLength(1)
    expect(seen.media[0]).toMatchObject({ filename: 'drill.png', onDisk: true })
    expect(fs.readFileSync(path.join(restored, 'media', 'drill.png'))).toEqual(
      fs.readFileSync(path.join(source, 'media', 'drill.png')),
    )
    await again.stop()
  })

  it('refuses a damaged file, with or without the checksum beside it', async () => {
    const damaged = path.join(work, 'damaged', path.basename(file))
    fs.mkdirSync(path.dirname(damaged))
    const bytes = fs.readFileSync(file)
    bytes[Math.floor(bytes.length / 2)] ^= 0xff
    fs.writeFileSync(damaged, bytes)
    fs.copyFileSync(`${file}.sha256`, `${damaged}.sha256`)
    const target = path.join(work, 'never')
    const withSidecar = await restore(damaged, { DATA_DIR: target })
    expect(withSidecar.code).toBe(1)
    expect(withSidecar.stderr).toMatch(/Restore refused: Checksum mismatch: .* The file is damaged/)

    // Alone, the file is checked against the manifest inside it.
    fs.rmSync(`${damaged}.sha256`)
    const alone = await restore(damaged, { DATA_DIR: target })
    expect(alone.code).toBe(1)
    expect(alone.stderr).toMatch(/Restore refused: .*(damaged|Checksum mismatch)/)
    expect(fs.existsSync(path.join(target, 'postgres'))).toBe(false)
  })

  it('refuses a data directory that holds a database unless --force, which sets it aside', async () => {
    const refused = await restore(file, { DATA_DIR: restored })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(
      /is not empty: a restore goes into an empty one\. Run it again with --force/,
    )

    const forced = ok(await restore(file, { DATA_DIR: restored }, ['--force']))
    expect(forced.stdout).toContain('backup restored')
    expect(fs.readdirSync(restored).some((name) => name.startsWith('postgres.replaced-'))).toBe(
      true,
    )
    const server = await startEmbeddedServer({ dataRoot: restored, throwaway: true })
    servers.push(server)
    const [{ count }] = await query(
      server.url,
      'SELECT count(*)::int AS count FROM waitlist_entries',
    )
    expect(count).toBe(100)
    await server.stop()
  })

  it('a backup killed with kill -9 leaves no file a restore takes; the next one clears it; a day is backed up once', async () => {
    const before = backupsIn(backups)
    const child = spawn(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), path.join(root, 'scripts/backup.ts')],
      { cwd: root, env: commandEnv({ DATA_DIR: source }), stdio: 'ignore' },
    )
    let partial: string | undefined
    const deadline = Date.now() + 60_000
    while (!partial && Date.now() < deadline && child.exitCode === null) {
      partial = fs
        .readdirSync(backups)
        .find((name) => name.endsWith('.partial') && fs.statSync(path.join(backups, name)).size > 0)
      if (!partial) await new Promise((resolve) => setTimeout(resolve, 10))
    }
    expect(partial, 'the backup was caught while writing').toBeDefined()
    child.kill('SIGKILL')
    await new Promise((resolve) => child.once('exit', resolve))

    expect(backupsIn(backups)).toEqual(before)
    const left = fs.readdirSync(backups).filter((name) => name.endsWith('.partial'))
    expect(left.length).toBeGreaterThan(0)
    for (const name of left) {
      const refused = await restore(path.join(backups, name), {
        DATA_DIR: path.join(work, 'never'),
      })
      expect(refused.code).toBe(1)
      expect(refused.stderr).toMatch(/Restore refused: .*never completed/)
    }
    // The interrupted backup's slot and backup state ended with its connection.
    const server = servers[0]
    expect(await query(server.url, 'SELECT slot_name FROM pg_replication_slots')).toEqual([])

    // The day's scheduled backup: taken once, however often it is asked for.
    ok(await backup({ DATA_DIR: source }, ['--scheduled']))
    const second = ok(await backup({ DATA_DIR: source }, ['--scheduled']))
    expect(second.stdout).toContain('already taken today')
    expect(fs.readdirSync(backups).filter((name) => name.endsWith('.partial'))).toEqual([])
    expect(backupsIn(backups)).toHaveLength(before.length + 1)
    const days = await query(
      server.url,
      'SELECT scheduled_day::text AS day FROM backups WHERE scheduled_day IS NOT NULL',
    )
    expect(days).toEqual([{ day: new Date().toISOString().slice(0, 10) }])
  })

  it('keeps the newest 7 backups with their checksums', () => {
    const dir = path.join(work, 'retention')
    fs.mkdirSync(dir)
    const names = Array.from(
      { length: 9 },
      (_, day) => `starfinity-backup-202612${String(day + 1).padStart(2, '0')}T030000000Z.tar.gz`,
    )
    for (const name of names) {
      fs.copyFileSync(file, path.join(dir, name))
      fs.writeFileSync(path.join(dir, `${name}.sha256`), `x  ${name}\n`)
    }
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'kept')
    expect(pruneBackups(dir, 7)).toEqual(names.slice(0, 2))
    expect(fs.readdirSync(dir).sort()).toEqual(
      [...names.slice(2).flatMap((name) => [name, `${name}.sha256`]), 'notes.txt'].sort(),
    )
  })
})

/**
 * The server for the pg_dump path: the run's test server when the pg_dump on PATH can dump it, else
 * the machine's PostgreSQL on 127.0.0.1:5432 when it answers and can be dumped (a pg_dump older
 * than the server refuses it: the run's embedded server is PostgreSQL 18, Debian 12's tools are 15).
 */
const dumpableServer = async () => {
  const version = spawnSync('pg_dump', ['--version'])
  const dumpMajor = Number(/(\d+)\.\d+/.exec(version.stdout?.toString() ?? '')?.[1])
  if (!dumpMajor) return undefined
  for (const url of [
    process.env.TEST_DATABASE_URL,
    'postgres://postgres@127.0.0.1:5432/postgres',
  ]) {
    if (!url) continue
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
    client.on('error', () => undefined)
    try {
      await client.connect()
      const { rows } = await client.query<{ v: string }>(
        "SELECT current_setting('server_version_num') AS v",
      )
      if (Math.floor(Number(rows[0].v) / 10000) <= dumpMajor) return url
    } catch {
      // not this one
    } finally {
      await client.end().catch(() => undefined)
    }
  }
  return undefined
}

const server = await dumpableServer()

describe('a database on a server (DATABASE_URL)', { timeout: 120_000, retry: 0 }, () => {
  const names = {
    source: `backup_drill_${process.pid}_src`,
    target: `backup_drill_${process.pid}_tgt`,
  }
  const admin = (sql: string) => query(server as string, sql)
  afterAll(async () => {
    if (!server) return
    for (const db of Object.values(names)) await admin(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`)
  })

  it.skipIf(!server)(
    'backs up with pg_dump and restores into an empty database only, unless --force',
    async () => {
      const base = server as string
      const sourceUrl = databaseUrl(base, names.source)
      const targetUrl = databaseUrl(base, names.target)
      await admin(`CREATE DATABASE ${names.source}`)
      await admin(`CREATE DATABASE ${names.target}`)
      await query(
        sourceUrl,
        `CREATE TYPE status AS ENUM ('inactive', 'active');
        CREATE TABLE people (id serial PRIMARY KEY, email text UNIQUE NOT NULL, status status NOT NULL);
        INSERT INTO people (email, status) SELECT 'server.' || n || '@example.com', 'active' FROM generate_series(1, 100) n;`,
      )
      const dir = path.join(work, 'server-backups')
      const media = path.join(work, 'server-media')
      fs.mkdirSync(media)
      fs.writeFileSync(path.join(media, 'kept.txt'), 'a file')
      ok(await backup({ DATABASE_URL: sourceUrl, BACKUP_DIR: dir, MEDIA_DIR: media }))
      const [file] = backupsIn(dir)
      expect(file).toBeDefined()
      await query(
        sourceUrl,
        "INSERT INTO people (email, status) VALUES ('after@example.com', 'active')",
      )

      const restoredMedia = path.join(work, 'server-media-restored')
      ok(await restore(path.join(dir, file), { DATABASE_URL: targetUrl, MEDIA_DIR: restoredMedia }))
      const count = async (url: string) =>
        (await query(url, 'SELECT count(*)::int AS n FROM people'))[0].n as number
      expect(await count(targetUrl)).toBe(100)
      expect(fs.readFileSync(path.join(restoredMedia, 'kept.txt'), 'utf8')).toBe('a file')

      const refused = await restore(path.join(dir, file), {
        DATABASE_URL: sourceUrl,
        MEDIA_DIR: path.join(work, 'm2'),
      })
      expect(refused.code).toBe(1)
      expect(refused.stderr).toMatch(/The database DATABASE_URL names is not empty/)
      expect(await count(sourceUrl)).toBe(101)
      ok(
        await restore(
          path.join(dir, file),
          { DATABASE_URL: sourceUrl, MEDIA_DIR: path.join(work, 'm2') },
          ['--force'],
        ),
      )
      expect(await count(sourceUrl)).toBe(100)
    },
  )
})

describe('the last backup', () => {
  it('is the newest backup recorded in the database, whichever machine took it; none: null', async () => {
    const app = await startApp()
    try {
      expect(await lastBackup()).toBeNull()
      await app.payload.db.drizzle.execute(sql`
        INSERT INTO backups (backed_up_at, file, size_bytes, sha256, kind) VALUES
          ('2026-12-05T03:00:00Z', '/srv/a/backups/older.tar.gz', 1000, 'aa', 'embedded-cluster'),
          ('2026-12-06T03:00:00Z', '/srv/b/backups/newer.tar.gz', 6000000000, 'bb', 'pg_dump')`)
      expect(await lastBackup()).toEqual({
        takenAt: new Date('2026-12-06T03:00:00Z'),
        sizeBytes: 6_000_000_000,
        file: '/srv/b/backups/newer.tar.gz',
      })
    } finally {
      await app.close()
    }
  })
})
