import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { bare, engagement_rollup_state, web_vitals, web_vitals_daily } from '@/db'
import {
  BUCKET_ERROR,
  BUCKET_RATIO,
  bucketValue,
  MIN_VITAL_SAMPLES,
  percentileBucket,
  ratingOf,
  VITAL_METRICS,
  type VitalMetric,
  type VitalRating,
} from '@/lib/vitals'
import { inTransaction } from '@/services/shared/transaction'

import { boundsOf, type DateRange, datesOf } from './range'
import { type RollupSlice, rolledFloor, settledId } from './rollup'

/** The row of engagement_rollup_state that says how far web_vitals is rolled up. */
export const VITALS_ROLLUP = 'web_vitals'
/** Rows rolled up per transaction. */
const CHUNK = 50_000

const w = web_vitals
const d = web_vitals_daily
const state = engagement_rollup_state

/** Each beacon's metrics as rows (metric, value in bucket units: ms, CLS in thousandths). */
const metricsOf = sql`LATERAL (VALUES ${sql.join(
  VITAL_METRICS.map(
    (metric) =>
      sql`(${metric}::text, ${metric === 'cls' ? sql`${bare(w.cls)} * 1000` : sql.identifier(metric)}::float8)`,
  ),
  sql`, `,
)}) AS m (vital, units)`

/** The histogram bucket of `m.units` (src/lib/vitals.ts `bucketOf`, in SQL). */
const bucketSql = sql`CASE WHEN m.units < 1 THEN 0
  ELSE 1 + floor(ln(m.units) / ln(${BUCKET_RATIO}::float8))::int END`

const dayOf = sql`(${bare(w.createdAt)} AT TIME ZONE 'UTC')::date`

/**
 * The beacons above the rollup's mark as the statement's snapshot sees it (see rollup.ts); no mark
 * yet (before the first rollup): every beacon.
 */
const notRolledUp = (floor: number) =>
  sql`${bare(w.id)} > ${floor}::int AND ${bare(w.id)} > coalesce((SELECT ${bare(state.rolledThrough)}
    FROM ${state} WHERE ${bare(state.name)} = ${VITALS_ROLLUP}), 0)`

/**
 * Rolls the beacons not yet rolled up into the daily histograms (decision 0221), in insertion
 * order from the mark, as the engagement rollup does (decision 0195), in the same job and the same
 * slice. Returns the beacons rolled up.
 */
export const rollUpWebVitals = async (
  payload: Payload,
  { until = Infinity }: RollupSlice = {},
): Promise<number> => {
  await payload.db.drizzle.execute(sql`INSERT INTO ${state}
    (${bare(state.name, state.rolledThrough, state.updatedAt)}) VALUES (${VITALS_ROLLUP}, 0, now())
    ON CONFLICT DO NOTHING`)
  const through = await settledId(payload, w, w.id)
  if (through === undefined) return 0
  let total = 0
  for (;;) {
    const rolled = await inTransaction(payload, async ({ db }) => {
      const { rows } = await db.execute(sql`
        SELECT ${bare(state.rolledThrough)} AS mark FROM ${state} WHERE ${bare(state.name)} = ${VITALS_ROLLUP}
        FOR UPDATE SKIP LOCKED`)
      if (rows.length === 0) return 0
      const from = Number((rows[0] as { mark: number }).mark)
      const to = Math.min(through, from + CHUNK)
      if (to <= from) return 0
      await db.execute(sql`
        INSERT INTO ${d} (${bare(d.date, d.route, d.device, d.metric, d.bucket, d.samples)})
        SELECT ${dayOf}, ${bare(w.route)}, ${bare(w.device)}, m.vital, ${bucketSql}, count(*)::int
        FROM ${w} CROSS JOIN ${metricsOf}
        WHERE ${bare(w.id)} > ${from} AND ${bare(w.id)} <= ${to} AND m.units IS NOT NULL
        GROUP BY 1, 2, 3, 4, 5
        ON CONFLICT (${bare(d.date, d.route, d.device, d.metric, d.bucket)})
          DO UPDATE SET ${bare(d.samples)} = ${d.samples} + excluded.${bare(d.samples)}`)
      await db.execute(sql`UPDATE ${state} SET ${bare(state.rolledThrough)} = ${to},
        ${bare(state.updatedAt)} = now() WHERE ${bare(state.name)} = ${VITALS_ROLLUP}`)
      return to - from
    })
    if (rolled === 0) return total
    total += rolled
    if (Date.now() >= until) return total
  }
}

/** Retention: the daily histograms of the days before `before` (a UTC midnight) go. */
export const purgeWebVitalsBefore = (payload: Payload, before: string) =>
  payload.db.drizzle.execute(sql`DELETE FROM ${d} WHERE ${bare(d.date)} < ${before}::date`)

export type VitalFigure = {
  /** The 75th percentile (ms; CLS unitless); null when fewer than MIN_VITAL_SAMPLES views. */
  p75: number | null
  samples: number
  rating: VitalRating | null
}
export type SpeedRow = {
  route: string
  device: string
  /** The page views with any figure (the most samples of a metric). */
  views: number
  metrics: Record<VitalMetric, VitalFigure>
}
export type Speed = DateRange & {
  minSamples: number
  /** How far a p75 may be from the one the beacons themselves give (a fraction). */
  bucketError: number
  rows: SpeedRow[]
  /** Every route and device together, per UTC day of the range. */
  trend: { date: string; metrics: Record<VitalMetric, VitalFigure> }[]
}

type Histograms = Map<string, Map<VitalMetric, Map<number, number>>>

const add = (
  histograms: Histograms,
  key: string,
  metric: VitalMetric,
  bucket: number,
  n: number,
) => {
  const byMetric = histograms.get(key) ?? new Map<VitalMetric, Map<number, number>>()
  histograms.set(key, byMetric)
  const buckets = byMetric.get(metric) ?? new Map<number, number>()
  byMetric.set(metric, buckets)
  buckets.set(bucket, (buckets.get(bucket) ?? 0) + n)
}

const figuresOf = (
  byMetric: Map<VitalMetric, Map<number, number>> | undefined,
): Record<VitalMetric, VitalFigure> =>
  Object.fromEntries(
    VITAL_METRICS.map((metric) => {
      const buckets = byMetric?.get(metric) ?? new Map<number, number>()
      const samples = [...buckets.values()].reduce((sum, n) => sum + n, 0)
      const bucket = samples >= MIN_VITAL_SAMPLES ? percentileBucket(buckets, 0.75) : null
      const p75 = bucket === null ? null : bucketValue(metric, bucket)
      return [metric, { p75, samples, rating: p75 === null ? null : ratingOf(metric, p75) }]
    }),
  ) as Record<VitalMetric, VitalFigure>

/**
 * The p75 of each metric per route and device class over a range of UTC days, and per day for the
 * trend, from the daily histograms plus the beacons not yet rolled up (one statement: one snapshot
 * of both), so the figures are the same rolled up or not.
 */
export const speedFigures = async (payload: Payload, range: DateRange): Promise<Speed> => {
  const floor = await rolledFloor(payload, VITALS_ROLLUP)
  const { since, until } = boundsOf(range)
  const histogram = (where: SQL) => sql`
    SELECT ${dayOf} AS day, ${bare(w.route)} AS route, ${bare(w.device)} AS device, m.vital,
      ${bucketSql} AS bucket, 1 AS n
    FROM ${w} CROSS JOIN ${metricsOf} WHERE ${where} AND m.units IS NOT NULL`
  const { rows } = await payload.db.drizzle.execute(sql`
    SELECT day::text AS day, ${bare(d.route, d.device, d.metric, d.bucket)}, sum(n)::int AS n FROM (
      SELECT ${bare(d.date)} AS day, ${bare(d.route)} AS route, ${bare(d.device)} AS device,
        ${bare(d.metric)} AS metric, ${bare(d.bucket)}::int AS bucket, ${bare(d.samples)} AS n
      FROM ${d} WHERE ${bare(d.date)} BETWEEN ${range.from}::date AND ${range.to}::date
      UNION ALL ${histogram(sql`${notRolledUp(floor)}
        AND ${bare(w.createdAt)} >= ${since}::timestamptz AND ${bare(w.createdAt)} < ${until}::timestamptz`)}
    ) counted
    GROUP BY GROUPING SETS ((${bare(d.route, d.device, d.metric, d.bucket)}), (day, ${bare(d.metric, d.bucket)}))`)
  const byRoute: Histograms = new Map()
  const byDay: Histograms = new Map()
  for (const row of rows as {
    day: string | null
    route: string | null
    device: string | null
    metric: VitalMetric
    bucket: number
    n: number
  }[]) {
    if (row.day === null) add(byRoute, `${row.route}\n${row.device}`, row.metric, row.bucket, row.n)
    else add(byDay, row.day, row.metric, row.bucket, row.n)
  }
  const speedRows = [...byRoute].map(([key, byMetric]) => {
    const [route, device] = key.split('\n')
    const metrics = figuresOf(byMetric)
    const views = Math.max(...VITAL_METRICS.map((metric) => metrics[metric].samples))
    return { route, device, views, metrics }
  })
  // The most viewed first.
  speedRows.sort(
    (a, b) =>
      b.views - a.views || a.route.localeCompare(b.route) || a.device.localeCompare(b.device),
  )
  return {
    ...range,
    minSamples: MIN_VITAL_SAMPLES,
    bucketError: BUCKET_ERROR,
    rows: speedRows,
    trend: datesOf(range).map((date) => ({ date, metrics: figuresOf(byDay.get(date)) })),
  }
}
