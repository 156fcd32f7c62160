/**
 * The engagement-events section of `npm run bench:scale` (docs/decisions/0195-engagement-rollups.md):
 * BENCH_SCALE_EVENTS events (default 10 million) over 90 days inserted with generate_series, the
 * rollup job's first catch-up timed, then p50/p95 over 10 requests of each answer the admin
 * builds from events (the Overview at 7, 30 and 90 days, the analytics assistant), and the events
 * per second the two ingestion endpoints take, with the indexes the rollups made unused put back
 * (as before) and without them.
 */
import { randomInt } from 'node:crypto'

import pg from 'pg'

import { printTargets, table } from '../format'
import { type Bench, adminToken } from '../run'

const EVENTS = Number(process.env.BENCH_SCALE_EVENTS) || 10_000_000
const REQUESTS = 10
const INGEST_SECONDS = Number(process.env.BENCH_SCALE_INGEST_SECONDS) || 10
const INGEST_CONNECTIONS = 16
const TRACK_BATCH = 25
const TARGET_P95_MS = 300
const CATCH_UP_TIMEOUT_MS = 60 * 60_000
/** The indexes the engagement events had before the rollups (the migration dropped them). */
const DROPPED_INDEXES = [
  'event_type',
  'page',
  'device_type',
  'referrer_host',
  'utm_campaign',
  'session_id',
]
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const ipOf = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

/**
 * EVENTS events spread evenly over the last 90 days: four a tab session, 80 % page views over 12
 * pages (a twelfth on /waitlist, a third of those with its product event), 15 % scrolls, the rest
 * time spent; referrers, UTM campaigns and devices in fixed shares. In steps of a million rows.
 */
export const seedEvents = async (client: pg.Client, events: number) => {
  const started = Date.now()
  // The days' partitions, as the rollup job would have made them over those 90 days.
  await client.query(`SELECT engagement_events_add_days((now() AT TIME ZONE 'UTC')::date - 91,
    (now() AT TIME ZONE 'UTC')::date)`)
  const STEP = 1_000_000
  for (let first = 1; first <= events; first += STEP) {
    const last = Math.min(events, first + STEP - 1)
    await client.query(
      `INSERT INTO engagement_events (event_type, page, event_data, browser, os, device_type,
        referrer_host, utm_source, utm_medium, utm_campaign, ip_hash, session_id, created_at, updated_at)
      SELECT kind::enum_engagement_events_event_type, page,
        CASE WHEN kind = 'scroll' THEN '{"depth":' || (ARRAY[25, 50, 75, 90])[1 + n % 4] || '}'
          WHEN page = '/waitlist' AND n % 3 = 0 THEN '{"event":"product-specific-engagement","product":"'
            || (ARRAY['records', 'studio', 'publishing', 'universe'])[1 + n % 4] || '"}'
          ELSE '{"title":"Page"}' END,
        'Chrome', 'Android', (ARRAY['mobile', 'desktop', 'tablet'])[1 + n % 3],
        CASE WHEN n % 5 = 0 THEN 'search.example' WHEN n % 7 = 0 THEN 'social.example' END,
        CASE WHEN n % 11 = 0 THEN 'newsletter' END, CASE WHEN n % 11 = 0 THEN 'email' END,
        CASE WHEN n % 11 = 0 THEN 'launch-' || n % 13 END,
        md5(n::text), 'bench-' || n / 4, at, at
      FROM (SELECT n,
          CASE WHEN n % 20 < 16 THEN 'page_view' WHEN n % 20 < 19 THEN 'scroll' ELSE 'time_spent' END AS kind,
          (ARRAY['/', '/books', '/waitlist', '/faq', '/shop', '/music', '/about', '/contact',
            '/articles', '/characters', '/parents', '/privacy'])[1 + (n / 7) % 12] AS page,
          now() - make_interval(secs => n::double precision * 90 * 86400 / $3) AS at
        FROM generate_series($1::int, $2::int) AS n) generated`,
      [first, last, events],
    )
    process.stdout.write(`  ${last.toLocaleString('en')} events inserted\r`)
  }
  console.log()
  return (Date.now() - started) / 1000
}

/** Waits until the rollup job (every minute) has rolled up every event; its time. */
const catchUp = async (client: pg.Client, bench: Bench) => {
  const started = Date.now()
  for (;;) {
    const { rows } = await client.query<{ rolled: number; top: number }>(
      `SELECT (SELECT rolled_through FROM engagement_rollup_state WHERE name = 'engagement_events') AS rolled,
        (SELECT coalesce(max(id), 0) FROM engagement_events) AS top`,
    )
    const { rolled, top } = rows[0]
    process.stdout.write(`  rolled up through id ${rolled} of ${top}\r`)
    if (Number(rolled) >= Number(top)) break
    if (Date.now() - started > CATCH_UP_TIMEOUT_MS) throw new Error('the rollup did not catch up')
    bench.checkSite()
    await sleep(2_000)
  }
  console.log()
  return (Date.now() - started) / 1000
}

const timeRequests = async (
  bench: Bench,
  token: string,
  path: string,
  init: RequestInit = {},
): Promise<{ p50: number; p95: number }> => {
  const times: number[] = []
  // One request first: the route compiled and the plans cached, as on a site in use.
  for (let request = 0; request <= REQUESTS; request++) {
    const started = performance.now()
    const response = await fetch(`${bench.baseUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    })
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`${path} answered ${response.status}`)
    if (request > 0) times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p95: percentile(times, 95) }
}

/** Events per second taken by `send` (one request a call) from INGEST_CONNECTIONS clients. */
const ingest = async (send: () => Promise<number>) => {
  const until = Date.now() + INGEST_SECONDS * 1000
  let events = 0
  let refused = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: INGEST_CONNECTIONS }, async () => {
      while (Date.now() < until) {
        const taken = await send()
        if (taken > 0) events += taken
        else refused++
      }
    }),
  )
  return { perSecond: events / ((performance.now() - started) / 1000), refused }
}

const ingestion = async (bench: Bench, client: pg.Client) => {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${bench.baseUrl}/api${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': BROWSER,
        'x-forwarded-for': ipOf(),
      },
      body: JSON.stringify(body),
    })
    await response.arrayBuffer()
    return response.status
  }
  const endpoint = await ingest(async () =>
    (await post('/engagement/event', {
      eventType: 'page_view',
      page: '/books',
      sessionId: `ingest-${randomInt(1e9)}`,
    })) === 201
      ? 1
      : 0,
  )
  const before = await client.query<{ n: string }>('SELECT count(*) AS n FROM analytics_events')
  const started = performance.now()
  const track = await ingest(async () => {
    const events = Array.from({ length: TRACK_BATCH }, () => ({
      action: 'click',
      category: 'navigation',
      page: '/books',
      sessionId: 'ingest',
    }))
    return (await post('/analytics/track', events)) === 201 ? TRACK_BATCH : 0
  })
  // The flush: until every accepted event is stored.
  let stored = 0
  for (let wait = 0; wait < 100; wait++) {
    const after = await client.query<{ n: string }>('SELECT count(*) AS n FROM analytics_events')
    stored = Number(after.rows[0].n) - Number(before.rows[0].n)
    if (stored >= Math.round(track.perSecond * INGEST_SECONDS) - TRACK_BATCH) break
    await sleep(100)
  }
  const flushed = stored / ((performance.now() - started) / 1000)
  return { endpoint, track, flushed }
}

export default async function benchScaleEvents(bench: Bench) {
  const client = new pg.Client({ connectionString: bench.databaseUrl })
  await client.connect()
  try {
    console.log(`Inserting ${EVENTS.toLocaleString('en')} engagement events over 90 days…`)
    const seedSeconds = await seedEvents(client, EVENTS)
    const [{ size }] = (
      await client.query<{ size: string }>(
        `SELECT pg_size_pretty(sum(pg_total_relation_size(inhrelid))) AS size
          FROM pg_inherits WHERE inhparent = 'engagement_events'::regclass`,
      )
    ).rows
    console.log(`  ${seedSeconds.toFixed(0)} s; the table with its indexes: ${size}`)
    console.log('Waiting for the rollup job to roll them up…')
    const catchUpSeconds = await catchUp(client, bench)
    console.log(
      `  ${catchUpSeconds.toFixed(0)} s (${Math.round(EVENTS / catchUpSeconds).toLocaleString('en')} events/s)`,
    )
    await client.query(
      'VACUUM ANALYZE engagement_events, engagement_hourly_counts, engagement_session_days, engagement_visitor_days',
    )
    const token = await adminToken(bench)

    const answers: { answer: string; p50: number; p95: number }[] = []
    for (const days of [7, 30, 90]) {
      const measured = await timeRequests(bench, token, `/api/admin/overview?days=${days}`)
      answers.push({ answer: `Overview, ${days} days`, ...measured })
    }
    answers.push({
      answer: 'Analytics assistant (its periods)',
      ...(await timeRequests(bench, token, '/api/admin/ai/analytics', {
        method: 'POST',
        body: JSON.stringify({ query: 'How many page views this month, and which pages lead?' }),
      })),
    })
    console.log(
      table([
        [`Answer (${EVENTS.toLocaleString('en')} events)`, 'p50 (ms)', 'p95 (ms)'],
        ...answers.map((row) => [row.answer, row.p50.toFixed(0), row.p95.toFixed(0)]),
      ]),
    )

    console.log(`Ingestion (${INGEST_CONNECTIONS} clients, ${INGEST_SECONDS} s each)…`)
    for (const column of DROPPED_INDEXES)
      await client.query(
        `CREATE INDEX bench_engagement_events_${column}_idx ON engagement_events (${column})`,
      )
    const withIndexes = await ingestion(bench, client)
    for (const column of DROPPED_INDEXES)
      await client.query(`DROP INDEX bench_engagement_events_${column}_idx`)
    const withoutIndexes = await ingestion(bench, client)
    const row = (name: string, before: number, after: number) => [
      name,
      before.toFixed(0),
      after.toFixed(0),
      `${(after / before).toFixed(2)}x`,
    ]
    console.log(
      table([
        ['Events/s', 'with the 6 indexes', 'without', 'ratio'],
        row(
          'POST /api/engagement/event',
          withIndexes.endpoint.perSecond,
          withoutIndexes.endpoint.perSecond,
        ),
        row(
          `POST /api/analytics/track (${TRACK_BATCH} a batch)`,
          withIndexes.track.perSecond,
          withoutIndexes.track.perSecond,
        ),
        row('  stored by the flush', withIndexes.flushed, withoutIndexes.flushed),
      ]),
    )
    const refused = withIndexes.endpoint.refused + withoutIndexes.endpoint.refused
    if (refused > 0) console.log(`  (${refused} engagement events refused)`)

    printTargets(
      'Targets:',
      answers.map((row) => ({
        name: `${row.answer} p95 <= ${TARGET_P95_MS} ms`,
        actual: `${row.p95.toFixed(0)} ms`,
        pass: row.p95 <= TARGET_P95_MS,
      })),
    )
    bench.saveLatest({
      scaleEvents: {
        events: EVENTS,
        seedSeconds,
        tableSize: size,
        catchUpSeconds,
        answers,
        ingestion: { withIndexes, withoutIndexes },
      },
    })
  } finally {
    await client.end()
  }
}
