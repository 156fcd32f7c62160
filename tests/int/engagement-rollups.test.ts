import { chmod, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { sql } from '@payloadcms/db-postgres/drizzle'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { computeAudienceMetrics } from '@/services/metrics/audience'
import { periodStarts } from '@/services/metrics/periods'
import { rollUpEngagementEvents } from '@/services/metrics/rollup'
import { purgeExpiredData } from '@/services/shared/retention'

import { startApp, type TestApp } from '../helpers/app'

/**
 * Every figure the admin shows from engagement events, read from the rollups (decision 0195),
 * against the same figure counted from the events themselves with the statements the dashboard
 * used before the rollups: before any rollup, after it, with late and bulk-loaded rows, over day
 * and hour boundaries, and after the retention purge.
 */
let app: TestApp
let admin: string
beforeAll(async () => {
  app = await startApp()
  admin = await app.createUser('rollups-admin', 'full')
})
afterAll(async () => app?.close())

/** A small deterministic random source (mulberry32), so a failure can be replayed. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const PAGES = ['/', '/books', '/waitlist', '/waitlist?product=studio', '/faq#top', '', '/shop']
const PRODUCTS = ['records', 'studio', 'publishing']
const SOURCES = [
  { utm_source: null, referrer_host: null },
  { utm_source: 'newsletter', referrer_host: null },
  { utm_source: null, referrer_host: 'search.example' },
  { utm_source: 'social', referrer_host: 'social.example' },
]
const CAMPAIGNS = [null, null, 'spring', 'launch']
const DEVICES = [null, 'mobile', 'desktop', 'tablet']
const SCROLLS = ['{"depth":25}', '{"depth":50}', '{"depth": 75}', '{"depth":90}', 'not json', null]

type Event = Record<string, string | null>

/**
 * `count` events from `start` over `hours` hours, a third of them on whole hours and at the last
 * millisecond before one (the edges a wrong boundary would move), sessions seen on one day and
 * sessions that come back on other days (a later call's `d…` sessions fall on other days), the waitlist page with and without its product event, the shared anonymous session
 * and events without a session.
 */
const makeEvents = (seed: number, count: number, start: string, hours: number): Event[] => {
  const next = random(seed)
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]
  const begin = Date.parse(start)
  return Array.from({ length: count }, () => {
    const hour = Math.floor(next() * hours)
    const edge = next()
    const offset = edge < 0.15 ? 0 : edge < 0.3 ? 3_600_000 - 1 : Math.floor(next() * 3_600_000)
    const at = new Date(begin + hour * 3_600_000 + offset).toISOString()
    const session =
      next() < 0.1
        ? pick(['anonymous', null])
        : next() < 0.5
          ? `d${Math.floor(hour / 24)}-${Math.floor(next() * 12)}`
          : `s${Math.floor(next() * 60)}`
    const type = next() < 0.75 ? 'page_view' : next() < 0.7 ? 'scroll' : 'download'
    const page = pick(PAGES)
    const source = pick(SOURCES)
    const productEvent = page.startsWith('/waitlist') && next() < 0.5
    return {
      event_type: type,
      page: page === '' && next() < 0.5 ? null : page,
      session_id: session,
      event_data:
        type === 'scroll'
          ? pick(SCROLLS)
          : productEvent
            ? JSON.stringify({ event: 'product-specific-engagement', product: pick(PRODUCTS) })
            : '{"title":"Page"}',
      utm_source: type === 'page_view' ? source.utm_source : null,
      referrer_host: type === 'page_view' ? source.referrer_host : null,
      utm_campaign: type === 'page_view' ? pick(CAMPAIGNS) : null,
      device_type: pick(DEVICES),
      created_at: at,
    }
  })
}

const COLUMNS = [
  'event_type',
  'page',
  'session_id',
  'event_data',
  'utm_source',
  'referrer_host',
  'utm_campaign',
  'device_type',
  'created_at',
] as const

/** Plain multi-row inserts, as any writer would. */
const insert = async (events: Event[]) => {
  for (let index = 0; index < events.length; index += 500) {
    const values = events
      .slice(index, index + 500)
      .map(
        (event) =>
          sql`(${event.event_type}::enum_engagement_events_event_type, ${event.page}, ${event.session_id}, ${event.event_data}, ${event.utm_source}, ${event.referrer_host}, ${event.utm_campaign}, ${event.device_type}, ${event.created_at}::timestamptz)`,
      )
    await app.payload.db.drizzle.execute(
      sql`INSERT INTO engagement_events (${sql.raw(COLUMNS.join(', '))}) VALUES ${sql.join(values, sql`, `)}`,
    )
  }
}

/** A bulk load straight into the table with COPY, from a CSV file the server reads. */
const copy = async (events: Event[]) => {
  const file = path.join(tmpdir(), `engagement-copy-${process.pid}.csv`)
  const cell = (value: string | null) => (value === null ? '' : `"${value.replace(/"/g, '""')}"`)
  await writeFile(
    file,
    events.map((event) => COLUMNS.map((column) => cell(event[column])).join(',')).join('\n'),
  )
  await chmod(file, 0o644)
  try {
    await app.payload.db.drizzle.execute(
      sql.raw(`COPY engagement_events (${COLUMNS.join(', ')}) FROM '${file}' WITH (FORMAT csv)`),
    )
  } finally {
    await rm(file, { force: true })
  }
}

// The figures counted from the events themselves: the dashboard's statements before the rollups.
const PATH = `nullif(split_part(split_part(page, '#', 1), '?', 1), '')`
const IN_RANGE = (since: string, until: string) =>
  `created_at >= '${since}'::timestamptz AND created_at < '${until}'::timestamptz`

const rawOverview = async (from: string, to: string) => {
  const since = `${from}T00:00:00.000Z`
  const until = new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000).toISOString()
  const views = `event_type = 'page_view' AND ${IN_RANGE(since, until)}`
  const top = (label: string, where = 'true') =>
    app.rows<{ label: string; count: number }>(
      sql.raw(`SELECT ${label} AS label, count(*)::int AS count FROM engagement_events
        WHERE ${views} AND ${where} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 10`),
    )
  const byDay = await app.rows<{ date: string; count: number }>(
    sql.raw(`SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date,
      count(*)::int AS count FROM engagement_events WHERE ${views} GROUP BY 1`),
  )
  const scroll = await app.rows<{ depth: number; count: number }>(
    sql.raw(`SELECT substring(event_data FROM '"depth"\\s*:\\s*(\\d{1,3})')::int AS depth,
      count(*)::int AS count FROM engagement_events
      WHERE event_type = 'scroll' AND ${IN_RANGE(since, until)} GROUP BY 1`),
  )
  const [{ visitors }] = await app.rows<{ visitors: number }>(
    sql.raw(`SELECT count(DISTINCT session_id)::int AS visitors FROM engagement_events
      WHERE ${views} AND session_id IS DISTINCT FROM 'anonymous' AND session_id IS NOT NULL`),
  )
  const reached = await app.rows<{ product: string; count: number }>(
    sql.raw(`WITH waitlist_views AS (
        SELECT session_id,
          coalesce(event_data ~ '"event"\\s*:\\s*"product-specific-engagement"', false) AS is_product_view,
          substring(event_data FROM '"product"\\s*:\\s*"([a-z-]{1,40})"') AS product
        FROM engagement_events WHERE ${views} AND ${PATH} = '/waitlist'
          AND session_id IS DISTINCT FROM 'anonymous' AND session_id IS NOT NULL),
      reached AS (
        SELECT session_id, product FROM waitlist_views WHERE is_product_view AND product IS NOT NULL
        UNION
        SELECT session_id, 'earth-app' FROM waitlist_views GROUP BY session_id
        HAVING count(*) FILTER (WHERE NOT is_product_view) > count(*) FILTER (WHERE is_product_view))
      SELECT product, count(*)::int AS count FROM reached GROUP BY product`),
  )
  const days: string[] = []
  for (let at = Date.parse(since); at < Date.parse(until); at += 86_400_000)
    days.push(new Date(at).toISOString().slice(0, 10))
  return {
    pageViewsByDay: days.map((date) => ({
      date,
      count: byDay.find((row) => row.date === date)?.count ?? 0,
    })),
    topPages: (await top(PATH, `${PATH} IS NOT NULL`)).map(({ label, count }) => ({
      page: label,
      count,
    })),
    scrollDepth: [25, 50, 75, 90].map((depth) => ({
      depth,
      count: scroll.find((row) => row.depth === depth)?.count ?? 0,
    })),
    sources: await top(`coalesce(utm_source, referrer_host, 'Direct')`),
    campaigns: await top('utm_campaign', 'utm_campaign IS NOT NULL'),
    devices: await top(`coalesce(device_type, 'other')`),
    pageViews: byDay.reduce((sum, row) => sum + row.count, 0),
    visitors,
    waitlistPage: Object.fromEntries(reached.map((row) => [row.product, row.count])),
  }
}

const shownOverview = async (from: string, to: string) => {
  const res = await app.request('GET', `/admin/overview?from=${from}&to=${to}`, { token: admin })
  expect(res.status, res.text).toBe(200)
  const data = res.body.data
  const funnels = data.funnels as { product: string; steps: { step: string; count: number }[] }[]
  const stepOf = (funnel: (typeof funnels)[number], step: string) =>
    funnel.steps.find((candidate) => candidate.step === step)?.count ?? 0
  return {
    pageViewsByDay: data.pageViewsByDay,
    topPages: data.topPages,
    scrollDepth: data.scrollDepth,
    sources: data.sources,
    campaigns: data.campaigns,
    devices: data.devices,
    pageViews: data.totals.pageViews,
    visitors: stepOf(funnels[0], 'visitors'),
    waitlistPage: Object.fromEntries(
      funnels
        .map((funnel) => [funnel.product, stepOf(funnel, 'waitlistPage')] as const)
        .filter(([, count]) => count > 0),
    ),
  }
}

/** The ranges the checks read: single days at the data's edges, a week, the whole span. */
const RANGES = [
  ['2026-05-01', '2026-05-01'],
  ['2026-05-02', '2026-05-02'],
  ['2026-05-03', '2026-05-05'],
  ['2026-05-01', '2026-05-07'],
  ['2026-04-28', '2026-05-12'],
  ['2026-05-08', '2026-05-08'],
] as const

const expectOverviewsMatch = async () => {
  for (const [from, to] of RANGES) {
    const raw = await rawOverview(from, to)
    expect(raw.pageViews, `${from}..${to} has events`).toBeGreaterThan(0)
    expect(await shownOverview(from, to), `${from}..${to}`).toEqual(raw)
  }
}

/** The assistant's page-view figures at `now` (mid-hour: its periods start mid-hour). */
const rawAudience = async (now: Date) => {
  const starts = periodStarts(now)
  const [counts] = await app.rows<Record<string, number>>(
    sql.raw(`SELECT ${Object.entries(starts)
      .map(
        ([period, start]) =>
          `count(*) FILTER (WHERE created_at >= '${start.toISOString()}'::timestamptz)::int AS "${period}"`,
      )
      .join(', ')}, count(*)::int AS "allTime"
      FROM engagement_events WHERE event_type = 'page_view'`),
  )
  const pages = await app.rows<{ page: string; count: number }>(
    sql.raw(`SELECT ${PATH} AS page, count(*)::int AS count FROM engagement_events
      WHERE event_type = 'page_view'
        AND created_at >= '${new Date(now.getTime() - 30 * 86_400_000).toISOString()}'::timestamptz
        AND ${PATH} IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 10`),
  )
  return { views: counts, topPagesLast30Days: pages }
}

const expectAudienceMatches = async () => {
  for (const now of ['2026-05-09T13:27:41.500Z', '2026-05-04T00:00:00.000Z']) {
    const shown = await computeAudienceMetrics(app.payload, new Date(now))
    expect(shown.pageViews, now).toEqual(await rawAudience(new Date(now)))
  }
}

/** The days (YYYYMMDD) that have their own partition of engagement_events. */
const partitionDays = async () =>
  (
    await app.rows<{ day: string }>(sql`SELECT right(c.relname, 8) AS day
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'engagement_events'::regclass AND c.relname ~ '^engagement_events_[0-9]{8}$'
      ORDER BY 1`)
  ).map((row) => row.day)

const mark = async () =>
  (
    await app.rows<{ mark: number; top: number }>(sql`SELECT
      (SELECT rolled_through FROM engagement_rollup_state WHERE name = 'engagement_events') AS mark,
      (SELECT coalesce(max(id), 0) FROM engagement_events)::int AS top`)
  )[0]

describe('engagement rollups', () => {
  beforeAll(async () => {
    // Nine days of events from 2026-05-01, a few in the hour before.
    await insert(makeEvents(1, 1500, '2026-04-30T23:00:00Z', 24 * 9))
  })

  it('before any rollup, every figure is counted from the events not yet rolled up', async () => {
    const { mark: before, top } = await mark()
    expect(before).toBeLessThan(top)
    await expectOverviewsMatch()
    await expectAudienceMatches()
  })

  it('the rollup takes every row once, even run twice at once, and the figures stay the same', async () => {
    const [first, second] = await Promise.all([
      rollUpEngagementEvents(app.payload),
      rollUpEngagementEvents(app.payload),
    ])
    const { mark: after, top } = await mark()
    expect(after).toBe(top)
    expect(await rollUpEngagementEvents(app.payload)).toBe(0)
    expect(first + second).toBeGreaterThanOrEqual(1500)
    // The hourly page counts are the events' own, hour by hour.
    const mismatched = await app.rows(sql`
      WITH counted AS (
        SELECT date_trunc('hour', created_at, 'UTC') AS hour, ${sql.raw(PATH)} AS value, count(*)::int AS events
        FROM engagement_events WHERE event_type = 'page_view' GROUP BY 1, 2)
      SELECT * FROM counted c FULL JOIN (
        SELECT hour, value, events FROM engagement_hourly_counts WHERE dimension = 'page') r
        ON r.hour = c.hour AND r.value IS NOT DISTINCT FROM c.value
      WHERE r.events IS DISTINCT FROM c.events`)
    expect(mismatched).toEqual([])
    await expectOverviewsMatch()
    await expectAudienceMatches()
  })

  it('late rows (hours and days already rolled up) and rows loaded with COPY are rolled up', async () => {
    // Late: the same sessions on the days already counted, some on a day between two of theirs.
    await insert(makeEvents(2, 300, '2026-05-01T00:00:00Z', 24 * 9))
    await copy(makeEvents(3, 400, '2026-05-02T00:00:00Z', 24 * 5))
    const { mark: before, top } = await mark()
    expect(top - before).toBe(700)
    // Not yet rolled up: read from the events.
    await expectOverviewsMatch()
    expect(await rollUpEngagementEvents(app.payload)).toBe(700)
    expect((await mark()).mark).toBe(top)
    await expectOverviewsMatch()
    await expectAudienceMatches()
    // Each session's days are counted once, the day before each day of it right.
    const [{ wrong }] = await app.rows<{ wrong: number }>(sql`
      WITH seen AS (
        SELECT date, lag(date) OVER (PARTITION BY session_id ORDER BY date) AS previous_date
        FROM engagement_session_days),
      expected AS (SELECT date, previous_date, count(*)::int AS sessions FROM seen GROUP BY 1, 2)
      SELECT count(*)::int AS wrong FROM expected e FULL JOIN engagement_visitor_days v
        ON v.date = e.date AND v.previous_date IS NOT DISTINCT FROM e.previous_date
      WHERE v.sessions IS DISTINCT FROM e.sessions`)
    expect(wrong).toBe(0)
  })

  it('each UTC day has its partition, made days ahead by the rollup', async () => {
    await rollUpEngagementEvents(app.payload)
    const days = await partitionDays()
    for (let ahead = 0; ahead <= 7; ahead++) {
      const day = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10)
      expect(days, day).toContain(day.replaceAll('-', ''))
    }
    // A row goes to its day's partition; one of a day without a partition to the default one.
    const [stored] = await app.rows<{ partition: string; day: string }>(sql`
      INSERT INTO engagement_events (event_type, created_at) VALUES ('download', now())
      RETURNING tableoid::regclass::text AS partition,
        'engagement_events_' || to_char(now() AT TIME ZONE 'UTC', 'YYYYMMDD') AS day`)
    expect(stored.partition).toBe(stored.day)
    const [{ waiting }] = await app.rows<{ waiting: number }>(sql`
      SELECT count(*)::int AS waiting FROM engagement_events_default
      WHERE created_at >= '2026-05-01' AND created_at < '2026-05-10'`)
    expect(waiting).toBeGreaterThan(0)
  })

  it('the retention purge drops whole days of events and what the rollups counted of them', async () => {
    // Events from 13 months and a few days ago, in the partitions of their days, rolled up.
    const old = new Date(Date.now() - 400 * 86_400_000)
    old.setUTCHours(0, 0, 0, 0)
    const oldDay = old.toISOString().slice(0, 10)
    await app.rows(sql`SELECT engagement_events_add_days(${oldDay}::date, ${oldDay}::date + 6)`)
    await insert(makeEvents(4, 300, old.toISOString(), 24 * 6))
    await rollUpEngagementEvents(app.payload)
    const before = await partitionDays()
    const cutoffDay = (
      await app.rows<{ day: string }>(
        sql`SELECT to_char(date_trunc('day', now() - interval '13 months', 'UTC') AT TIME ZONE 'UTC', 'YYYYMMDD') AS day`,
      )
    )[0].day
    const expired = before.filter((day) => day < cutoffDay)
    expect(expired.length).toBeGreaterThan(0)
    const [{ inExpired }] = await app.rows<{
      inExpired: number
    }>(sql`SELECT count(*)::int AS "inExpired"
      FROM engagement_events WHERE created_at < date_trunc('day', now() - interval '13 months', 'UTC')`)

    const purged = await purgeExpiredData(app.payload)
    expect(purged.engagementEvents).toBe(inExpired)
    // Those days' partitions are gone whole; the younger ones stay.
    const after = await partitionDays()
    expect(after.filter((day) => day < cutoffDay)).toEqual([])
    expect(after).toEqual(before.filter((day) => day >= cutoffDay))
    const [cutoff] = await app.rows<{
      day: string
      raw: number
      rolled: number
      sessions: number
    }>(sql`
      SELECT date_trunc('day', now() - interval '13 months', 'UTC') AS day,
        (SELECT count(*)::int FROM engagement_events
          WHERE created_at < date_trunc('day', now() - interval '13 months', 'UTC')) AS raw,
        (SELECT count(*)::int FROM engagement_hourly_counts
          WHERE hour < date_trunc('day', now() - interval '13 months', 'UTC')) AS rolled,
        (SELECT count(*)::int FROM engagement_session_days
          WHERE date < (date_trunc('day', now() - interval '13 months', 'UTC') AT TIME ZONE 'UTC')::date) AS sessions`)
    expect(cutoff).toMatchObject({ raw: 0, rolled: 0, sessions: 0 })
    // What was kept of those days still counts, exactly as the events say.
    const [{ kept }] = await app.rows<{ kept: number }>(sql`SELECT count(*)::int AS kept
      FROM engagement_events WHERE created_at < now() - interval '12 months'`)
    expect(kept).toBeGreaterThan(0)
    await expectAudienceMatches()
    await expectOverviewsMatch()
  })
})
