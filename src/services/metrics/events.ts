import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { bare, engagement_events, engagement_hourly_counts } from '@/db'
import { selectRows } from '@/services/admin/paging'

import { DIMENSION_OF, type Dimension, notRolledUp, rolledFloor } from './rollup'

const HOUR = 3_600_000

/** From `since` (included) to `until` (excluded); none: without that end. ISO instants. */
export type Span = { since?: string; until?: string }

const instant = (ms: number) =>
  Number.isFinite(ms) ? new Date(ms).toISOString() : ms > 0 ? 'infinity' : '-infinity'

/**
 * A span cut where the rollups can answer it: the whole UTC hours inside it come from the hourly
 * counts, the part hours at its ends (none for the dashboard's whole days) from the events.
 */
const edgesOf = ({ since, until }: Span) => {
  const start = since ? Date.parse(since) : -Infinity
  const end = until ? Date.parse(until) : Infinity
  const firstHour = Number.isFinite(start) ? Math.ceil(start / HOUR) * HOUR : start
  const lastHour = Number.isFinite(end) ? Math.floor(end / HOUR) * HOUR : end
  return {
    since: instant(start),
    until: instant(end),
    hoursFrom: instant(firstHour),
    hoursTo: instant(Math.max(lastHour, firstHour)),
    headTo: instant(Math.min(firstHour, end)),
  }
}

/**
 * The events of one dimension in a span, counted from the hourly rollup plus the events it does
 * not hold: those of part hours at the span's ends, and those inserted since the last rollup (by
 * id, so a late or bulk-loaded row counts either here or there, never twice). One statement: one
 * snapshot of the rollup and its mark. Exactly what counting the events themselves gives.
 */
const countedRows = (dimension: Dimension, span: Span, floor: number): SQL => {
  const { eventType, value } = DIMENSION_OF[dimension]
  const { since, until, hoursFrom, hoursTo, headTo } = edgesOf(span)
  const h = engagement_hourly_counts
  const e = engagement_events
  const events = (where: SQL) =>
    sql`SELECT ${bare(e.createdAt)} AS counted_at, ${value} AS counted_value, 1 AS n FROM ${e}
      WHERE ${bare(e.eventType)} = ${eventType} AND ${where}`
  const between = (from: string, to: string) =>
    sql`${bare(e.createdAt)} >= ${from}::timestamptz AND ${bare(e.createdAt)} < ${to}::timestamptz`
  return sql`SELECT ${bare(h.hour)} AS counted_at, ${bare(h.value)} AS counted_value, ${bare(h.events)} AS n FROM ${h}
      WHERE ${bare(h.dimension)} = ${dimension}
        AND ${bare(h.hour)} >= ${hoursFrom}::timestamptz AND ${bare(h.hour)} < ${hoursTo}::timestamptz
    UNION ALL ${events(between(since, headTo))}
    UNION ALL ${events(between(hoursTo, until))}
    UNION ALL ${events(sql`${notRolledUp(floor)} AND ${between(hoursFrom, hoursTo)}`)}`
}

/** Events per value of a dimension in a span, most first (then by value), at most `limit`. */
export const topValues = async (
  payload: Payload,
  dimension: Dimension,
  span: Span,
  { limit = 10, withoutNull = false } = {},
) =>
  (
    await selectRows<{ counted_value: string; count: number }>(
      payload,
      sql`SELECT counted_value, sum(n)::int AS count FROM (${countedRows(dimension, span, await rolledFloor(payload))}) counted
      ${withoutNull ? sql`WHERE counted_value IS NOT NULL` : sql``}
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${limit}`,
    )
  ).map(({ counted_value, count }) => ({ label: counted_value, count }))

/** Events per value of a dimension in a span, every value. */
export const valueCounts = async (payload: Payload, dimension: Dimension, span: Span) =>
  (
    await selectRows<{ counted_value: string | null; count: number }>(
      payload,
      sql`SELECT counted_value, sum(n)::int AS count FROM (${countedRows(dimension, span, await rolledFloor(payload))}) counted GROUP BY 1`,
    )
  ).map(({ counted_value, count }) => ({ label: counted_value, count }))

/** Events of a dimension per UTC day (`YYYY-MM-DD`) in a span; days without any are left out. */
export const dayCounts = async (payload: Payload, dimension: Dimension, span: Span) =>
  selectRows<{ date: string; count: number }>(
    payload,
    sql`SELECT to_char(counted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, sum(n)::int AS count
      FROM (${countedRows(dimension, span, await rolledFloor(payload))}) counted GROUP BY 1`,
  )

/** How many events of a dimension (every value) in a span. */
export const totalCount = async (payload: Payload, dimension: Dimension, span: Span) => {
  const [row] = await selectRows<{ count: number }>(
    payload,
    sql`SELECT coalesce(sum(n), 0)::int AS count FROM (${countedRows(dimension, span, await rolledFloor(payload))}) counted`,
  )
  return row?.count ?? 0
}

export type PageCount = { page: string; count: number }

/** The ten most viewed pages between `since` (included) and `until` (excluded, if given). */
export const topPages = async (
  payload: Payload,
  since: string,
  until?: string,
): Promise<PageCount[]> => {
  const rows = await topValues(payload, 'page', { since, until }, { withoutNull: true })
  return rows.map(({ label, count }) => ({ page: label, count }))
}
