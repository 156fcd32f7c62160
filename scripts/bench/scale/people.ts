/**
 * The people section of `npm run bench:scale` (decision 0235): BENCH_SCALE_PEOPLE waitlist entries
 * (default 1,000,000, five products, a quarter active, one in 47 referred by an earlier entry of its
 * product and half of them confirmed) and as many newsletter subscribers, over 90 days, inserted
 * with generate_series; then p50/p95 over 10 requests of each admin list, search, filter, count and
 * the Overview (its counts and funnel), and the time and the site's peak memory of the CSV exports.
 */
import pg from 'pg'

import { timeExport } from '../admin'
import { printTargets, table } from '../format'
import { type Bench, adminToken } from '../run'

const PEOPLE = Number(process.env.BENCH_SCALE_PEOPLE) || 1_000_000
const REQUESTS = 10
const TARGET_P95_MS = 300
const TARGET_RSS_GROWTH_MB = 100

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

export const seedPeople = async (client: pg.Client, people: number) => {
  const started = Date.now()
  const spread = `now() - make_interval(secs => (${people} + 1 - n)::double precision * 90 * 86400 / ${people})`
  await client.query(
    `INSERT INTO waitlist_entries (email, name, joined_at, product, status, referral_source,
      email_opened, interests, referral_code, confirmed_at, created_at, updated_at)
    SELECT 'person' || n || '@example' || (n % 97) || '.com',
      (ARRAY['Ada','Grace','Linus','Maya','Noor','Omar','Priya','Sven','Yuki','Zoe'])[1 + n % 10] || ' ' || n,
      ${spread},
      (ARRAY['earth-app','publishing','records','studio','universe'])[1 + n % 5]::enum_waitlist_entries_product,
      CASE WHEN n % 4 = 0 THEN 'active' ELSE 'inactive' END::enum_waitlist_entries_status,
      CASE WHEN n % 3 = 0 THEN 'Friend Referral' END, n % 4 = 0, '[]'::jsonb,
      'bench' || n, CASE WHEN n % 2 = 0 THEN ${spread} END, now(), now()
    FROM generate_series(1, $1::int) AS n`,
    [people],
  )
  // One in 47 referred by an entry of its product that joined a little earlier.
  await client.query(`UPDATE waitlist_entries w SET referred_by_id = r.id
    FROM waitlist_entries r
    WHERE w.referral_code LIKE 'bench%' AND r.referral_code = 'bench' || (substr(w.referral_code, 6)::int - 5 * (1 + substr(w.referral_code, 6)::int % 40))
      AND substr(w.referral_code, 6)::int % 47 = 0 AND substr(w.referral_code, 6)::int > 1000`)
  await client.query(
    `INSERT INTO newsletter_subscribers (email, first_name, subscribed_at, consent_timestamp,
      consent_source, double_opt_in_confirmed, unsubscribe_token, interests, email_preferences,
      created_at, updated_at)
    SELECT 'reader' || n || '@example' || (n % 89) || '.org',
      CASE WHEN n % 3 <> 0 THEN (ARRAY['Ada','Grace','Linus','Maya','Noor','Omar','Priya','Sven','Yuki','Zoe'])[1 + n % 10] || n END,
      ${spread}, ${spread}, 'website', n % 3 <> 0, md5('bench-unsubscribe-' || n),
      '["universe"]'::jsonb, '["newsletter"]'::jsonb, now(), now()
    FROM generate_series(1, $1::int) AS n`,
    [people],
  )
  await client.query('VACUUM ANALYZE waitlist_entries, newsletter_subscribers, waitlist_line_hours')
  return (Date.now() - started) / 1000
}

const timeRequests = async (bench: Bench, token: string, path: string) => {
  const times: number[] = []
  // One request first: the route compiled and the plans cached, as on a site in use.
  for (let request = 0; request <= REQUESTS; request++) {
    const started = performance.now()
    const response = await fetch(`${bench.baseUrl}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`${path} answered ${response.status}`)
    if (request > 0) times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p95: percentile(times, 95) }
}

const CALLS: [string, string][] = [
  ['waitlist, all products, page 1', '/api/admin/waitlist?page=1'],
  ['waitlist, all products, page 400', '/api/admin/waitlist?page=400'],
  ['waitlist, one product, page 1', '/api/admin/waitlist?product=studio'],
  ['waitlist, one product, page 100', '/api/admin/waitlist?product=studio&page=100'],
  ['waitlist, status active', '/api/admin/waitlist?status=active'],
  ['waitlist, one product, active', '/api/admin/waitlist?product=studio&status=active'],
  ['waitlist, search an address', '/api/admin/waitlist?search=person12345'],
  ['waitlist, search a common name', '/api/admin/waitlist?search=ada'],
  ['waitlist, search in a product', '/api/admin/waitlist?product=records&search=grace'],
  ['waitlist, search nothing found', '/api/admin/waitlist?search=nobody-here'],
  ['waitlist stats (counts)', '/api/admin/waitlist/stats'],
  ['waitlist stats, one product', '/api/admin/waitlist/stats?product=studio'],
  ['newsletter, page 1', '/api/admin/newsletter?page=1'],
  ['newsletter, page 1000', '/api/admin/newsletter?page=1000'],
  ['newsletter, search an address', '/api/admin/newsletter?search=reader777'],
  ['newsletter, search a common name', '/api/admin/newsletter?search=ada'],
  ['newsletter stats (counts)', '/api/admin/newsletter/stats'],
  ['Overview (counts, funnel), 30 days', '/api/admin/overview?days=30'],
  ['referral leaderboard', '/api/admin/waitlist/leaderboard'],
]

export default async function benchScalePeople(bench: Bench) {
  const client = new pg.Client({ connectionString: bench.databaseUrl })
  await client.connect()
  try {
    // A database kept from an earlier run (BENCH_DATABASE_REUSE=1) may hold them already.
    const seeded = await client.query(
      `SELECT EXISTS (SELECT 1 FROM waitlist_entries WHERE referral_code = $1) AS seeded`,
      [`bench${PEOPLE}`],
    )
    let seedSeconds = 0
    if (seeded.rows[0].seeded) console.log('The people are there from an earlier run.')
    else {
      console.log(
        `Inserting ${PEOPLE.toLocaleString('en')} waitlist entries and as many subscribers…`,
      )
      seedSeconds = await seedPeople(client, PEOPLE)
      console.log(`  ${seedSeconds.toFixed(0)} s`)
    }
    const token = await adminToken(bench)
    const answers: { answer: string; p50: number; p95: number }[] = []
    for (const [answer, path] of CALLS) {
      bench.checkSite()
      try {
        answers.push({ answer, ...(await timeRequests(bench, token, path)) })
      } catch (error) {
        console.log(`  ${answer}: ${(error as Error).message}`)
        answers.push({ answer, p50: Number.NaN, p95: Number.NaN })
      }
    }
    console.log(
      table([
        [`Admin answer (${PEOPLE.toLocaleString('en')} each)`, 'p50 (ms)', 'p95 (ms)'],
        ...answers.map((row) => [row.answer, row.p50.toFixed(0), row.p95.toFixed(0)]),
      ]),
    )
    const headers = { authorization: `Bearer ${token}` }
    const exports = []
    for (const [name, path] of [
      ['newsletter CSV (all)', '/api/admin/newsletter/export'],
      ['waitlist CSV (one product)', '/api/admin/waitlist/export?product=studio'],
      ['waitlist CSV (all)', '/api/admin/waitlist/export'],
    ] as const) {
      const result = await timeExport(`${bench.baseUrl}${path}`, headers, bench.serverPid)
      const growth = Math.max(0, ...result.rssMb.map((p) => p.peakMb - (p.beforeMb ?? p.peakMb)))
      console.log(
        `  ${name}: ${result.rows.toLocaleString('en')} rows, ${result.megabytes.toFixed(0)} MB in ${result.seconds.toFixed(1)} s; site RSS grew at most ${growth} MB`,
      )
      exports.push({ name, ...result, growthMb: growth })
    }
    printTargets('Targets:', [
      ...answers.map((row) => ({
        name: `${row.answer} p95 <= ${TARGET_P95_MS} ms`,
        actual: `${row.p95.toFixed(0)} ms`,
        pass: row.p95 <= TARGET_P95_MS,
      })),
      ...exports.map((row) => ({
        name: `${row.name}: site memory grows < ${TARGET_RSS_GROWTH_MB} MB`,
        actual: `${row.growthMb} MB`,
        pass: row.status === 200 && row.growthMb < TARGET_RSS_GROWTH_MB,
      })),
    ])
    bench.saveLatest({ scalePeople: { people: PEOPLE, seedSeconds, answers, exports } })
  } finally {
    await client.end()
  }
}
