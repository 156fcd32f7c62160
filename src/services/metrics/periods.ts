import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { PgColumn } from '@payloadcms/db-postgres/drizzle/pg-core'

import { bare } from '@/db'

/** Reporting periods, in UTC; weeks start on Monday. */
export const PERIODS = [
  'today',
  'thisWeek',
  'last7Days',
  'thisMonth',
  'last30Days',
  'allTime',
] as const
export type Period = (typeof PERIODS)[number]
export type PeriodCounts = Record<Period, number>

export const PERIOD_LABELS: Record<Period, string> = {
  today: 'today',
  thisWeek: 'this week',
  last7Days: 'in the last 7 days',
  thisMonth: 'this month',
  last30Days: 'in the last 30 days',
  allTime: 'in total',
}

const DAY = 86_400_000

export const periodStarts = (now = new Date()): Record<Exclude<Period, 'allTime'>, Date> => {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  const sinceMonday = (today.getUTCDay() + 6) % 7
  return {
    today,
    thisWeek: new Date(today.getTime() - sinceMonday * DAY),
    last7Days: new Date(now.getTime() - 7 * DAY),
    thisMonth: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    last30Days: new Date(now.getTime() - 30 * DAY),
  }
}

/** `count(*) FILTER (…) AS "today", …, count(*) AS "allTime"` for a timestamp column. */
export const periodCountColumns = (column: PgColumn, now: Date): SQL => {
  const starts = periodStarts(now)
  const columns = Object.entries(starts).map(
    ([period, start]) =>
      sql`count(*) FILTER (WHERE ${bare(column)} >= ${start.toISOString()}::timestamptz) AS ${sql.identifier(period)}`,
  )
  return sql.join([...columns, sql`count(*) AS "allTime"`], sql`, `)
}

export const toPeriodCounts = (row: Record<string, unknown> | undefined): PeriodCounts =>
  Object.fromEntries(PERIODS.map((period) => [period, Number(row?.[period] ?? 0)])) as PeriodCounts

/** Whole percent with one decimal; 0 when there is nothing to divide by. */
export const percent = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0
