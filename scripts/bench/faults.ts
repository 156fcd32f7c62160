/**
 * `npm run bench:faults`: the visitor routes under injected database faults, on a throwaway
 * embedded PostgreSQL server, through Payload's own HTTP handler (the code the Next routes run).
 * Scenarios, BENCH_FAULTS_SECONDS each (default 30):
 *   terminate — waitlist and contact signups from 20 concurrent clients while every connection of
 *               the site is terminated once a second;
 *   outage    — analytics and signups while PostgreSQL is stopped for half the time, then started.
 * Prints per scenario: 2xx answered, rows stored, 2xx without a row, recovery time, connections
 * leaked, log bytes per second during the fault; the last line is `bench:faults lost=N leaked=N`.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { freePort, startEmbeddedServer } from '../lib/embedded-db'

const SECONDS = Number(process.env.BENCH_FAULTS_SECONDS || 30)
const CLIENTS = 20
const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'starfinity-bench-faults-'))
const port = await freePort()
let server = await startEmbeddedServer({ dataRoot, port })
const url = server.url
Object.assign(process.env, {
  DATABASE_URL: url,
  PAYLOAD_SECRET: randomBytes(24).toString('hex'),
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_FACTOR: '0',
  EMAIL_QUEUE_CRON: 'off',
})

// Everything the site logs: counted, and kept in bench-results/faults-server.log.
const logFile = path.resolve(import.meta.dirname, '../../bench-results/faults-server.log')
fs.mkdirSync(path.dirname(logFile), { recursive: true })
const logFd = fs.openSync(logFile, 'w')
let logBytes = 0
const write = process.stdout.write.bind(process.stdout)
process.stdout.write = ((chunk: string | Uint8Array) => {
  logBytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength
  if (typeof chunk === 'string') fs.writeSync(logFd, chunk)
  else fs.writeSync(logFd, chunk)
  return true
}) as typeof process.stdout.write
const print = (line: string) => write(`${line}\n`)

const { default: config } = await import('@payload-config')
const { getPayload, handleEndpoints } = await import('payload')
const { migrateDatabase, closePayload } = await import('../lib/migrate')
const payload = await getPayload({ config })
await migrateDatabase(payload)

const run = randomBytes(4).toString('hex')
let n = 0
const request = async (route: string, body: unknown) => {
  const response = await handleEndpoints({
    config,
    request: new Request(`http://localhost/api${route}`, {
      method: route === '/health' ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.0.1' },
      body: route === '/health' ? undefined : JSON.stringify(body),
    }),
  })
  await response.arrayBuffer()
  return response.status
}

const query = async (text: string, values: unknown[] = []) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(text, values)).rows
  } finally {
    await client.end()
  }
}

type Acked = { waitlist: string[]; contact: string[]; events: string[] }
const load = (routes: ('waitlist' | 'contact' | 'analytics')[], acked: Acked) => {
  let running = true
  const workers = Array.from({ length: CLIENTS }, async () => {
    while (running) {
      for (const route of routes) {
        const id = `${run}-${n++}`
        const email = `fault-${id}@example.com`
        const status = await (
          route === 'waitlist'
            ? request('/waitlist', { email, name: 'Fault', product: 'records' })
            : route === 'contact'
              ? request('/contact', {
                  name: 'Fault',
                  email,
                  subject: 'Hi',
                  message: `Message ${id}`,
                })
              : request('/analytics/track', {
                  action: 'click',
                  category: 'navigation',
                  sessionId: id,
                })
        ).catch(() => 0)
        if (status === 201)
          (route === 'analytics'
            ? acked.events
            : route === 'contact'
              ? acked.contact
              : acked.waitlist
          ).push(route === 'analytics' ? id : email)
        if (status !== 201) await new Promise((resolve) => setTimeout(resolve, 20))
      }
    }
  })
  return async () => {
    running = false
    await Promise.all(workers)
  }
}

const untilHealthy = async () => {
  const started = Date.now()
  while ((await request('/health', undefined)) !== 200) {
    if (Date.now() - started > 60_000) return Infinity
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return Date.now() - started
}

type Pool = { totalCount: number; idleCount: number; waitingCount: number }
const leaked = async () => {
  await new Promise((resolve) => setTimeout(resolve, 500))
  const pool = (payload.db as unknown as { pool: Pool }).pool
  return pool.totalCount - pool.idleCount + pool.waitingCount
}

const stored = async (acked: Acked) => {
  const count = async (sql: string, values: string[]) =>
    values.length ? ((await query(sql, [values]))[0].n as number) : 0
  return {
    waitlist: await count(
      'SELECT count(*)::int AS n FROM waitlist_entries WHERE email = ANY($1)',
      acked.waitlist,
    ),
    contact: await count(
      'SELECT count(*)::int AS n FROM contact_messages WHERE email = ANY($1)',
      acked.contact,
    ),
    events: await count(
      'SELECT count(*)::int AS n FROM analytics_events WHERE session_id = ANY($1)',
      acked.events,
    ),
  }
}

const HEADER = ['scenario', '2xx', 'rows', '2xx without row', 'recovery', 'leaked', 'log B/s']
const rows: string[][] = []
let totalLost = 0
let totalLeaked = 0
const report = async (
  name: string,
  acked: Acked,
  recoveryMs: number,
  faultSeconds: number,
  faultLogBytes: number,
) => {
  // Buffered analytics reach the database within seconds of recovery.
  const deadline = Date.now() + 60_000
  let found = await stored(acked)
  while (found.events < acked.events.length && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    found = await stored(acked)
  }
  const answered = acked.waitlist.length + acked.contact.length + acked.events.length
  const rowsStored = found.waitlist + found.contact + found.events
  const lost = answered - rowsStored
  const leak = await leaked()
  totalLost += lost
  totalLeaked += leak
  rows.push([
    name,
    String(answered),
    String(rowsStored),
    String(lost),
    `${recoveryMs} ms`,
    String(leak),
    (faultLogBytes / faultSeconds).toFixed(0),
  ])
}

// Scenario 1: connections terminated once a second under signup load.
{
  const acked: Acked = { waitlist: [], contact: [], events: [] }
  const stop = load(['waitlist', 'contact'], acked)
  const logBefore = logBytes
  for (let s = 0; s < SECONDS; s++) {
    await new Promise((resolve) => setTimeout(resolve, 1000))
    await query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    ).catch(() => undefined)
  }
  await stop()
  const faultLog = logBytes - logBefore
  await report('terminate', acked, await untilHealthy(), SECONDS, faultLog)
}

// Scenario 2: PostgreSQL stopped for half the time under analytics and signup load.
{
  const acked: Acked = { waitlist: [], contact: [], events: [] }
  const stop = load(['analytics', 'waitlist'], acked)
  await new Promise((resolve) => setTimeout(resolve, (SECONDS * 1000) / 4))
  await server.stop()
  const logBefore = logBytes
  await new Promise((resolve) => setTimeout(resolve, (SECONDS * 1000) / 2))
  const faultLog = logBytes - logBefore
  server = await startEmbeddedServer({ dataRoot, port })
  const recovery = await untilHealthy()
  await new Promise((resolve) => setTimeout(resolve, (SECONDS * 1000) / 4))
  await stop()
  await report('outage', acked, recovery, SECONDS / 2, faultLog)
}

await closePayload(payload)
await server.stop()
fs.rmSync(dataRoot, { recursive: true, force: true })

const widths = rows[0].map((_, i) => Math.max(...[HEADER, ...rows].map((row) => row[i].length)))
const line = (row: string[]) => row.map((cell, i) => cell.padEnd(widths[i])).join('  ')
print(
  `bench:faults, ${SECONDS} s per scenario, ${CLIENTS} concurrent clients, ${os.cpus().length} cores`,
)
print(line(HEADER))
for (const row of rows) print(line(row))
print(`bench:faults lost=${totalLost} leaked=${totalLeaked}`)
process.exit(0)
