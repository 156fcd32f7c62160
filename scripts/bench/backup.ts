/**
 * `npm run bench:backup`: the time and size of a backup and a restore at the scale bench's volumes
 * (docs/benchmarks.md, "Backup and restore"). An embedded database of its own (durable settings,
 * as `npm start` runs it), migrated; BENCH_BACKUP_EVENTS engagement events (default 1 million,
 * the scale bench's generator) and BENCH_BACKUP_PEOPLE waitlist entries (default 100,000); then
 * `npm run backup` beside the running server, `npm run restore` into a fresh data directory, and
 * the restored server's first start (its WAL replay) with the rows counted.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { startEmbeddedServer } from '../lib/embedded-db'
import { root } from '../lib/runtime'
import { seedEvents } from './scale/events'

const EVENTS = Number(process.env.BENCH_BACKUP_EVENTS) || 1_000_000
const PEOPLE = Number(process.env.BENCH_BACKUP_PEOPLE) || 100_000
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backup-'))
const source = path.join(work, 'source')
const restored = path.join(work, 'restored')

const env = (extra: Record<string, string>) => {
  const base = { ...process.env }
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'MEDIA_DIR', 'BACKUP_DIR', 'S3_BUCKET'])
    delete base[name]
  return { ...base, PAYLOAD_SECRET: 'bench-backup-secret-0123456789abcdef', ...extra }
}

const timed = (label: string, script: string, args: string[], extra: Record<string, string>) => {
  const started = performance.now()
  const ran = spawnSync(
    process.execPath,
    [path.join(root, 'scripts/run-ts.mjs'), script, ...args],
    {
      cwd: root,
      env: env(extra),
      stdio: 'inherit',
    },
  )
  if (ran.status !== 0) throw new Error(`${label} failed (${ran.status})`)
  return (performance.now() - started) / 1000
}

const du = (dir: string) => Number(spawnSync('du', ['-sb', dir]).stdout.toString().split('\t')[0])
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`

const count = async (url: string) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ events: string; people: string }>(
      'SELECT (SELECT count(*) FROM engagement_events) AS events, (SELECT count(*) FROM waitlist_entries) AS people',
    )
    return { events: Number(rows[0].events), people: Number(rows[0].people) }
  } finally {
    await client.end()
  }
}

try {
  const server = await startEmbeddedServer({ dataRoot: source })
  try {
    timed('migrate', path.join(root, 'scripts/migrate-and-seed.ts'), [], {
      DATABASE_URL: server.url,
    })
    const client = new pg.Client({ connectionString: server.url })
    await client.connect()
    console.log(
      `Seeding ${EVENTS.toLocaleString('en')} events and ${PEOPLE.toLocaleString('en')} people`,
    )
    await seedEvents(client, EVENTS)
    await client.query(
      `INSERT INTO waitlist_entries (email, name, product, status, joined_at)
       SELECT 'person-' || lpad(n::text, 7, '0') || '@example.com', 'Person ' || n, 'records', 'active', now()
       FROM generate_series(1, $1::int) AS n`,
      [PEOPLE],
    )
    await client.query('VACUUM ANALYZE')
    await client.query('CHECKPOINT')
    const { rows } = await client.query<{ size: string }>(
      "SELECT pg_database_size('starfinity') AS size",
    )
    await client.end()
    const cluster = du(path.join(source, 'postgres'))

    const backupSeconds = timed('backup', path.join(root, 'scripts/backup.ts'), [], {
      DATA_DIR: source,
    })
    const [file] = fs.readdirSync(path.join(source, 'backups')).filter((n) => n.endsWith('.tar.gz'))
    const backupFile = path.join(source, 'backups', file)
    const size = fs.statSync(backupFile).size
    await server.stop()

    const restoreSeconds = timed('restore', path.join(root, 'scripts/restore.ts'), [backupFile], {
      DATA_DIR: restored,
    })
    const startedAt = performance.now()
    const again = await startEmbeddedServer({ dataRoot: restored })
    const firstStart = (performance.now() - startedAt) / 1000
    const rowsAfter = await count(again.url)
    await again.stop()
    if (rowsAfter.events !== EVENTS || rowsAfter.people !== PEOPLE) {
      throw new Error(
        `restored ${JSON.stringify(rowsAfter)}, expected ${EVENTS} events and ${PEOPLE} people`,
      )
    }
    const rowsTotal = EVENTS + PEOPLE
    console.log(`
| Measure | Value |
| --- | --- |
| Rows (events + people) | ${EVENTS.toLocaleString('en')} + ${PEOPLE.toLocaleString('en')} |
| Database size (pg_database_size) / cluster on disk | ${mb(Number(rows[0].size))} / ${mb(cluster)} |
| Backup: time / file size | ${backupSeconds.toFixed(1)} s / ${mb(size)} |
| Restore (checked, extracted, renamed) | ${restoreSeconds.toFixed(1)} s |
| First start of the restored cluster (WAL replay), rows counted | ${firstStart.toFixed(1)} s |
| Per million rows: backup / restore / file | ${((backupSeconds * 1e6) / rowsTotal).toFixed(1)} s / ${((restoreSeconds * 1e6) / rowsTotal).toFixed(1)} s / ${mb((size * 1e6) / rowsTotal)} |
`)
  } finally {
    await server.stop()
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true })
}
