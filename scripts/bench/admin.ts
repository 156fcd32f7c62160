/**
 * The admin API part of `npm run bench` (docs/benchmarks.md): seeds 100,000 waitlist entries and
 * 100,000 newsletter subscribers into the site's database with generate_series, then measures,
 * one request at a time, the p95 latency of a list page, a filtered search and each stats call,
 * and the time and server memory (RSS, sampled) of each full CSV export.
 */
import fs from 'node:fs'
import path from 'node:path'

import pg from 'pg'

import { treeRss } from './processes'
import { adminToken } from './run'

const ROWS = Number(process.env.BENCH_ADMIN_ROWS) || 100_000
const SAMPLES = Number(process.env.BENCH_ADMIN_SAMPLES) || 100
const WARMUP = 5
const TARGETS = { p95Ms: 150, exportSeconds: 10 }

export interface AdminBenchOptions {
  baseUrl: string
  /** The site's database (the embedded server's, or BENCH_DATABASE_URL's). */
  databaseUrl: string
  username: string
  password: string
  /** The site's process: its and its descendants' memory is sampled during the exports. */
  serverPid: number
  resultsDir: string
}

const seed = async (databaseUrl: string) => {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const started = Date.now()
    await client.query(`
      INSERT INTO waitlist_entries (email, name, product, status, joined_at, referral_source, email_opened, interests)
      SELECT 'bench-wl-' || n || '@example.com', 'Person ' || n,
        (ARRAY['earth-app','publishing','records','studio','universe'])[1 + n % 5]::enum_waitlist_entries_product,
        (CASE WHEN n % 3 = 0 THEN 'active' ELSE 'inactive' END)::enum_waitlist_entries_status,
        now() - make_interval(secs => n * 30), 'Podcast', n % 7 = 0,
        '["Personal Growth", "Sustainability"]'::jsonb
      FROM generate_series(1, ${ROWS}) AS n`)
    await client.query(`
      INSERT INTO newsletter_subscribers (email, first_name, subscribed_at, consent_source, double_opt_in_confirmed, interests)
      SELECT 'bench-nl-' || n || '@example.com', 'Reader ' || n,
        now() - make_interval(secs => n * 60), 'website', n % 2 = 0, '["universe"]'::jsonb
      FROM generate_series(1, ${ROWS}) AS n`)
    await client.query(`
      INSERT INTO contact_messages (name, email, subject, message, submitted_at, status, priority)
      SELECT 'Writer ' || n, 'bench-cm-' || n || '@example.com', 'feedback', 'A message ' || n,
        now() - make_interval(mins => n),
        (ARRAY['unread','read','replied'])[1 + n % 3]::enum_contact_messages_status, 'normal'
      FROM generate_series(1, ${Math.round(ROWS / 10)}) AS n`)
    await client.query(`
      INSERT INTO email_logs (to_email, from_email, subject, message, email_type, sent_at, status, ai_generated)
      SELECT 'bench-el-' || n || '@example.com', 'hello@starfinity.example', 'Subject ' || n, 'Body',
        'newsletter', now() - make_interval(mins => n), 'sent', n % 4 = 0
      FROM generate_series(1, ${Math.round(ROWS / 10)}) AS n`)
    // As autovacuum leaves a table that has been live for a while (hint bits set, visibility map
    // and statistics current), rather than have it run during the measurements that follow.
    await client.query(
      'VACUUM ANALYZE waitlist_entries, newsletter_subscribers, contact_messages, email_logs',
    )
    return (Date.now() - started) / 1000
  } finally {
    await client.end()
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

const timeRequest = async (url: string, headers: Record<string, string>) => {
  const started = performance.now()
  const response = await fetch(url, { headers })
  const body = await response.arrayBuffer()
  const ms = performance.now() - started
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  return { ms, bytes: body.byteLength }
}

export const timeExport = async (
  url: string,
  headers: Record<string, string>,
  serverPid: number,
) => {
  const before = treeRss(serverPid)
  const peak = new Map(before)
  const sampler = setInterval(() => {
    for (const [name, mb] of treeRss(serverPid)) peak.set(name, Math.max(peak.get(name) ?? 0, mb))
  }, 100)
  const started = performance.now()
  const response = await fetch(url, { headers })
  let bytes = 0
  let lines = 0
  const reader = response.body!.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    bytes += value.byteLength
    for (const byte of value) if (byte === 10) lines++
  }
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  return {
    status: response.status,
    seconds,
    megabytes: bytes / 2 ** 20,
    rows: lines - 1,
    rssMb: [...peak].map(([process, peakMb]) => ({
      process,
      beforeMb: before.get(process),
      peakMb,
    })),
  }
}

export const benchAdmin = async (options: AdminBenchOptions) => {
  console.log(`\nAdmin API: seeding ${ROWS.toLocaleString('en')} waitlist entries and subscribers…`)
  const { databaseUrl } = options
  const seedSeconds = await seed(databaseUrl)
  console.log(`  seeded in ${seedSeconds.toFixed(1)} s`)
  const token = await adminToken(options)
  const headers = { authorization: `Bearer ${token}` }

  const calls: [string, string][] = [
    ['waitlist list, page 1', '/api/admin/waitlist?page=1&limit=50'],
    ['waitlist list, page 1000', '/api/admin/waitlist?page=1000&limit=50'],
    [
      'waitlist filtered search',
      '/api/admin/waitlist?product=records&status=active&search=person%2012',
    ],
    ['newsletter list, page 1', '/api/admin/newsletter?page=1&limit=50'],
    ['newsletter search', '/api/admin/newsletter?search=reader%20999'],
    ['waitlist stats', '/api/admin/waitlist/stats'],
    ['waitlist stats (product)', '/api/admin/waitlist/stats?product=records'],
    ['newsletter stats', '/api/admin/newsletter/stats'],
    ['contacts stats', '/api/admin/contacts/stats'],
    ['emails stats', '/api/admin/emails/stats'],
    ['overview (30 days)', '/api/admin/overview?days=30'],
  ]
  const latencies = []
  for (const [name, route] of calls) {
    for (let i = 0; i < WARMUP; i++) await timeRequest(`${options.baseUrl}${route}`, headers)
    const samples: number[] = []
    for (let i = 0; i < SAMPLES; i++)
      samples.push((await timeRequest(`${options.baseUrl}${route}`, headers)).ms)
    samples.sort((a, b) => a - b)
    const result = {
      name,
      route,
      p50: percentile(samples, 50),
      p95: percentile(samples, 95),
      max: samples.at(-1)!,
    }
    latencies.push(result)
    console.log(`  ${name}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms`)
  }
  const exports = []
  for (const [name, route] of [
    ['waitlist export (all)', '/api/admin/waitlist/export'],
    ['newsletter export', '/api/admin/newsletter/export'],
  ]) {
    const result = {
      name,
      ...(await timeExport(`${options.baseUrl}${route}`, headers, options.serverPid)),
    }
    exports.push(result)
    console.log(
      `  ${name}: ${result.rows.toLocaleString('en')} rows, ${result.megabytes.toFixed(1)} MB in ` +
        `${result.seconds.toFixed(2)} s; RSS ${result.rssMb
          .map((p) => `${p.process} ${p.beforeMb} -> peak ${p.peakMb} MB`)
          .join(', ')}`,
    )
  }
  const targets = [
    ...latencies.map((l) => ({
      name: `${l.name} p95 < ${TARGETS.p95Ms} ms`,
      actual: `${l.p95.toFixed(1)} ms`,
      pass: l.p95 < TARGETS.p95Ms,
    })),
    ...exports.map((e) => ({
      name: `${e.name} < ${TARGETS.exportSeconds} s, every row`,
      actual: `${e.seconds.toFixed(2)} s, ${e.rows} rows`,
      pass: e.status === 200 && e.seconds < TARGETS.exportSeconds && e.rows >= ROWS,
    })),
  ]
  console.log('Admin targets:')
  for (const target of targets)
    console.log(`  ${target.pass ? 'PASS' : 'FAIL'}  ${target.name}: ${target.actual}`)
  const report = {
    date: new Date().toISOString(),
    rows: ROWS,
    samples: SAMPLES,
    seedSeconds,
    latencies,
    exports,
    targets,
  }
  fs.mkdirSync(options.resultsDir, { recursive: true })
  fs.writeFileSync(
    path.join(options.resultsDir, 'admin.json'),
    `${JSON.stringify(report, null, 2)}\n`,
  )
  return report
}
