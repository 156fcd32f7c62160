import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { PgColumn, PgTable } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { Payload } from 'payload'

import {
  alias,
  bare,
  engagement_events,
  engagement_hourly_counts,
  engagement_rollup_state,
  engagement_session_days,
  engagement_visitor_days,
  engagement_waitlist_days,
} from '@/db'
import { ANONYMOUS_SESSION, DEFAULT_PRODUCT } from '@/lib/constants'
import { inTransaction } from '@/services/shared/transaction'

import { pagePath } from './pages'

/** The row of engagement_rollup_state that says how far engagement_events is rolled up. */
export const ROLLUP = 'engagement_events'
/** Rows rolled up per transaction: an upgraded site's backlog goes in short steps. */
const CHUNK = 50_000
/** Where a rollup stops: after the chunk that ends past `until` (ms since the epoch). */
export type RollupSlice = { until?: number }
/** The events' daily partitions are made this many days ahead (decision 0195). */
const DAYS_AHEAD = 7

const e = engagement_events
const h = engagement_hourly_counts
const s = engagement_session_days
const v = engagement_visitor_days
const wd = engagement_waitlist_days
const otherDay = alias(engagement_session_days, 'other_day')
const state = engagement_rollup_state

// Each figure's value of one event, shared by the rollup and the reads of rows not yet rolled up.
// eventData is JSON text written by visitors: read it with a pattern, never a cast.
const DEPTH_OF = '"depth"\\s*:\\s*(\\d{1,3})'
/** The waitlist page's own page-view event for a known product (spec §7, `WaitlistFromQuery`). */
const PRODUCT_VIEW = '"event"\\s*:\\s*"product-specific-engagement"'
const PRODUCT_OF = '"product"\\s*:\\s*"([a-z-]{1,40})"'

export const DIMENSIONS = ['views', 'page', 'source', 'campaign', 'device', 'scroll'] as const
export type Dimension = (typeof DIMENSIONS)[number]
/** The source of a page view with neither UTM tags nor another site's referrer. */
export const DIRECT = 'Direct'

/** The event type each dimension counts, and an event's value in it. */
export const DIMENSION_OF: Record<Dimension, { eventType: string; value: SQL }> = {
  // Page views with no value: the totals and the charts by day read one row an hour.
  views: { eventType: 'page_view', value: sql`NULL::text` },
  page: { eventType: 'page_view', value: pagePath() },
  // Where a page view came from (decision 0111): the link's UTM source, else the other site.
  source: {
    eventType: 'page_view',
    value: sql`coalesce(${bare(e.utmSource)}, ${bare(e.referrerHost)}, ${DIRECT})`,
  },
  campaign: { eventType: 'page_view', value: bare(e.utmCampaign) },
  device: { eventType: 'page_view', value: sql`coalesce(${bare(e.deviceType)}, 'other')` },
  scroll: {
    eventType: 'scroll',
    value: sql`(substring(${bare(e.eventData)} FROM ${DEPTH_OF})::int)::text`,
  },
}

/** A page view that belongs to one visitor: the shared anonymous session is no one. */
export const visitorView = sql`${bare(e.eventType)} = 'page_view'
  AND ${bare(e.sessionId)} IS DISTINCT FROM ${ANONYMOUS_SESSION} AND ${bare(e.sessionId)} IS NOT NULL`
export const isWaitlistView = sql`${pagePath()} = '/waitlist'`
export const isProductView = sql`coalesce(${bare(e.eventData)} ~ ${PRODUCT_VIEW}, false)`
export const productOf = sql`substring(${bare(e.eventData)} FROM ${PRODUCT_OF})`

/**
 * The events not yet rolled up, for a statement that also reads the rollups: ids above the mark as
 * the statement's own snapshot sees it (so each row is counted in one place). `floor` is the mark
 * read just before (it only grows), given as a value so the planner sees how few rows lie above
 * it and reads them through the primary key.
 */
export const notRolledUp = (floor: number) =>
  sql`${bare(e.id)} > ${floor}::int AND ${bare(e.id)} > (SELECT ${bare(state.rolledThrough)}
    FROM ${state} WHERE ${bare(state.name)} = ${ROLLUP})`

/**
 * The products whose waitlist page a session's day reached, for a row of engagement_session_days
 * (`LATERAL`, as `named_product`): those its product events named, and the default product when
 * it had more plain views of the page than product events.
 */
export const reachedProducts = sql`LATERAL (SELECT unnest(${s.products})
  UNION SELECT ${DEFAULT_PRODUCT}::text WHERE ${s.waitlistViews} > ${s.productViews}) AS reached (named_product)`

/** A rollup's mark now (see notRolledUp): the events' by default, or another one's by name. */
export const rolledFloor = async (payload: Payload, rollup: string = ROLLUP): Promise<number> => {
  const { rows } = await payload.db.drizzle.execute(sql`SELECT ${bare(state.rolledThrough)} AS mark
    FROM ${state} WHERE ${bare(state.name)} = ${rollup}`)
  return Number((rows[0] as { mark?: number } | undefined)?.mark ?? 0)
}

/**
 * The highest id below which every row of a rolled-up table (engagement_events by default) is
 * committed. Ids are handed out when
 * a row is inserted, but a transaction may commit after one that took a higher id: a SHARE lock
 * waits for the inserts under way (each holds its table lock from before it took its id) and lets
 * none start until the maximum is read. The wait is that of the slowest insert under way; past two
 * seconds (a long bulk load) this round is skipped.
 */
export const settledId = (
  payload: Payload,
  table: PgTable = e,
  id: PgColumn = e.id,
): Promise<number | undefined> =>
  inTransaction(payload, async ({ db }) => {
    await db.execute(sql`SET LOCAL lock_timeout = '2s'`)
    try {
      await db.execute(sql`LOCK TABLE ${table} IN SHARE MODE`)
    } catch (error) {
      if ((error as { code?: string }).code === '55P03') return undefined
      throw error
    }
    const { rows } = await db.execute(
      sql`SELECT coalesce(max(${bare(id)}), 0)::int AS id FROM ${table}`,
    )
    return Number((rows[0] as { id: number }).id)
  })

/**
 * Adds rows `from` < id <= `to` to the rollups: the hourly counts of each dimension, each session's
 * page views per day, and the sessions per day by the day each was seen before (recounted for the
 * sessions seen on a new day: a late row can fall between two days already counted).
 */
const rollRows = async (
  db: Parameters<Parameters<typeof inTransaction>[1]>[0]['db'],
  from: number,
  to: number,
) => {
  const rows = sql`${bare(e.id)} > ${from} AND ${bare(e.id)} <= ${to}`
  const dimensions = (
    Object.entries(DIMENSION_OF) as [Dimension, (typeof DIMENSION_OF)[Dimension]][]
  ).map(([dimension, { eventType, value }]) => sql`(${dimension}, ${eventType}, ${value})`)
  await db.execute(sql`
    INSERT INTO ${h} (${bare(h.dimension, h.hour, h.value, h.events)})
    SELECT d.${bare(h.dimension)}, date_trunc('hour', ${bare(e.createdAt)}, 'UTC'), d.${bare(h.value)}, count(*)::int
    FROM ${e} CROSS JOIN LATERAL (VALUES ${sql.join(dimensions, sql`, `)}) AS d (${bare(h.dimension)}, event, ${bare(h.value)})
    WHERE ${rows} AND d.event = ${bare(e.eventType)}::text
    GROUP BY 1, 2, 3
    ON CONFLICT (${bare(h.dimension, h.hour, h.value)})
      DO UPDATE SET ${bare(h.events)} = ${h.events} + excluded.${bare(h.events)}`)

  const batch = sql`SELECT ${bare(e.sessionId)}, (${bare(e.createdAt)} AT TIME ZONE 'UTC')::date AS ${bare(s.date)},
      ${isWaitlistView} AND NOT ${isProductView} AS plain, ${isWaitlistView} AND ${isProductView} AS named_view,
      CASE WHEN ${isWaitlistView} AND ${isProductView} THEN ${productOf} END AS named_product
    FROM ${e} WHERE ${rows} AND ${visitorView}`
  // The sessions seen on a day they had not been seen on: their days before change.
  const { rows: moved } = await db.execute(sql`
    SELECT DISTINCT b.${bare(s.sessionId)} AS session FROM (${batch}) b
    WHERE NOT EXISTS (SELECT 1 FROM ${s} WHERE ${s.sessionId} = b.${bare(s.sessionId)} AND ${s.date} = b.${bare(s.date)})`)
  const sessions = moved.map((row) => String((row as { session: string }).session))
  // Sessions whose waitlist-page day may change: those with such views now, and those seen on a
  // new day (a session seen on several days leaves the per-day counts).
  const { rows: waitlist } = await db.execute(sql`
    SELECT DISTINCT b.${bare(s.sessionId)} AS session FROM (${batch}) b WHERE plain OR named_view`)
  const touched = [
    ...new Set([
      ...sessions,
      ...waitlist.map((row) => String((row as { session: string }).session)),
    ]),
  ]
  const recountWaitlist = (sign: number) =>
    db.execute(sql`
      INSERT INTO ${wd} (${bare(wd.date, wd.product, wd.sessions)})
      SELECT ${s.date}, reached.named_product, ${sign} * count(*)::int
      FROM ${s} CROSS JOIN ${reachedProducts}
      WHERE ${s.sessionId} = ANY(${sql.param(touched)}::text[]) AND NOT ${s.multiDay}
      GROUP BY 1, 2
      ON CONFLICT (${bare(wd.date, wd.product)})
        DO UPDATE SET ${bare(wd.sessions)} = ${wd.sessions} + excluded.${bare(wd.sessions)}`)
  if (touched.length > 0) await recountWaitlist(-1)
  const recount = (sign: number) =>
    db.execute(sql`
      INSERT INTO ${v} (${bare(v.date, v.previousDate, v.sessions)})
      SELECT ${bare(s.date)}, previous, ${sign} * count(*)::int FROM (
        SELECT ${bare(s.date)}, lag(${bare(s.date)}) OVER (PARTITION BY ${bare(s.sessionId)} ORDER BY ${bare(s.date)}) AS previous
        FROM ${s} WHERE ${bare(s.sessionId)} = ANY(${sql.param(sessions)}::text[])) seen
      GROUP BY 1, 2
      ON CONFLICT (${bare(v.date, v.previousDate)})
        DO UPDATE SET ${bare(v.sessions)} = ${v.sessions} + excluded.${bare(v.sessions)}`)
  if (sessions.length > 0) await recount(-1)
  await db.execute(sql`
    INSERT INTO ${s} (${bare(s.date, s.sessionId, s.pageViews, s.waitlistViews, s.productViews, s.products)})
    SELECT ${bare(s.date, s.sessionId)}, count(*)::int, count(*) FILTER (WHERE plain)::int,
      count(*) FILTER (WHERE named_view)::int,
      coalesce(array_agg(DISTINCT named_product) FILTER (WHERE named_product IS NOT NULL), '{}')
    FROM (${batch}) b GROUP BY 1, 2
    ON CONFLICT (${bare(s.date, s.sessionId)}) DO UPDATE SET
      ${bare(s.pageViews)} = ${s.pageViews} + excluded.${bare(s.pageViews)},
      ${bare(s.waitlistViews)} = ${s.waitlistViews} + excluded.${bare(s.waitlistViews)},
      ${bare(s.productViews)} = ${s.productViews} + excluded.${bare(s.productViews)},
      ${bare(s.products)} = ARRAY(SELECT DISTINCT p FROM unnest(${s.products} || excluded.${bare(s.products)}) AS p ORDER BY p)`)
  if (sessions.length > 0) {
    await db.execute(sql`UPDATE ${s} SET ${bare(s.multiDay)} = true
      WHERE ${bare(s.sessionId)} = ANY(${sql.param(sessions)}::text[]) AND NOT ${s.multiDay}
        AND EXISTS (SELECT 1 FROM ${engagement_session_days} ${otherDay}
          WHERE ${otherDay.sessionId} = ${s.sessionId} AND ${otherDay.date} <> ${s.date})`)
    await recount(1)
    await db.execute(sql`DELETE FROM ${v} WHERE ${bare(v.sessions)} = 0`)
  }
  if (touched.length > 0) {
    await recountWaitlist(1)
    await db.execute(sql`DELETE FROM ${wd} WHERE ${bare(wd.sessions)} = 0`)
  }
}

/**
 * Rolls up every engagement event not yet in the rollups, in the order rows were inserted (by id),
 * whatever their time: events from the endpoint, rows loaded straight into the table (COPY) and
 * late rows for an hour already rolled up alike. Runs every minute on one instance at a time
 * (another one running it is skipped); an upgraded site's existing events go in on the first runs,
 * CHUNK rows per transaction. With `until` (a time, ms since the epoch) it stops after the first
 * chunk that ends past it, and the rest waits for the next call (the job's slice, decision 0281).
 * It also makes the events' daily partitions ahead. The reads add the rows not yet rolled up, so
 * figures are exact at any moment. Returns the rows rolled up.
 */
export const rollUpEngagementEvents = async (
  payload: Payload,
  { until = Infinity }: RollupSlice = {},
): Promise<number> => {
  // Each UTC day's partition of the events, a week ahead (none made when they exist).
  await payload.db.drizzle.execute(sql`SELECT engagement_events_add_days(
    (now() AT TIME ZONE 'UTC')::date, (now() AT TIME ZONE 'UTC')::date + ${DAYS_AHEAD}::int)`)
  const through = await settledId(payload)
  if (through === undefined) return 0
  let total = 0
  for (;;) {
    const rolled = await inTransaction(payload, async ({ db }) => {
      const { rows } = await db.execute(sql`
        SELECT ${bare(state.rolledThrough)} AS mark FROM ${state} WHERE ${bare(state.name)} = ${ROLLUP}
        FOR UPDATE SKIP LOCKED`)
      if (rows.length === 0) return 0
      const from = Number((rows[0] as { mark: number }).mark)
      const to = Math.min(through, from + CHUNK)
      if (to <= from) return 0
      await rollRows(db, from, to)
      await db.execute(sql`UPDATE ${state} SET ${bare(state.rolledThrough)} = ${to},
        ${bare(state.updatedAt)} = now() WHERE ${bare(state.name)} = ${ROLLUP}`)
      return to - from
    })
    if (rolled === 0) return total
    total += rolled
    if (Date.now() >= until) return total
  }
}

/**
 * Retention for the rollups: what was counted from the events created before `before` (a UTC
 * midnight, the events' purge cut-off) goes with them, so the figures stay those of the rows kept.
 */
export const purgeRollupsBefore = async (payload: Payload, before: string) => {
  const db = payload.db.drizzle
  await db.execute(sql`DELETE FROM ${h} WHERE ${bare(h.hour)} < ${before}::timestamptz`)
  await db.execute(sql`DELETE FROM ${s} WHERE ${bare(s.date)} < ${before}::date`)
  await db.execute(sql`DELETE FROM ${v} WHERE ${bare(v.date)} < ${before}::date`)
  await db.execute(sql`DELETE FROM ${wd} WHERE ${bare(wd.date)} < ${before}::date`)
}
