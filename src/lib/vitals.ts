/**
 * Real-user speed figures (Web Vitals, decisions 0220 and 0221): what a page view's beacon may
 * carry, Google's thresholds, and the fixed histogram the figures are rolled up into. Shared by the
 * browser's tracker, the server's schema and rollup, the dashboard and the analytics assistant.
 */

/** The five metrics, in the order the dashboard shows them. */
export const VITAL_METRICS = ['lcp', 'inp', 'cls', 'fcp', 'ttfb'] as const
export type VitalMetric = (typeof VITAL_METRICS)[number]

export const VITAL_NAMES: Record<VitalMetric, string> = {
  lcp: 'LCP',
  inp: 'INP',
  cls: 'CLS',
  fcp: 'FCP',
  ttfb: 'TTFB',
}

/** A page view's device class, told by the browser (its screen and pointer). */
export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop'] as const
export type DeviceClass = (typeof DEVICE_CLASSES)[number]

/** The Network Information API's effective connection types (Chromium tells them). */
export const CONNECTION_TYPES = ['slow-2g', '2g', '3g', '4g'] as const

/**
 * The values a beacon may carry: milliseconds for the timings (a page view of more than ten
 * minutes to its largest paint is no measurement), CLS as the unitless score.
 */
export const VITAL_RANGES: Record<VitalMetric, { max: number }> = {
  lcp: { max: 600_000 },
  inp: { max: 600_000 },
  cls: { max: 100 },
  fcp: { max: 600_000 },
  ttfb: { max: 600_000 },
}

/** Google's thresholds: up to `good` is good, above `poor` is poor (ms; CLS unitless). */
export const VITAL_THRESHOLDS: Record<VitalMetric, { good: number; poor: number }> = {
  lcp: { good: 2500, poor: 4000 },
  inp: { good: 200, poor: 500 },
  cls: { good: 0.1, poor: 0.25 },
  fcp: { good: 1800, poor: 3000 },
  ttfb: { good: 800, poor: 1800 },
}

export type VitalRating = 'good' | 'needs-improvement' | 'poor'

export const ratingOf = (metric: VitalMetric, value: number): VitalRating => {
  const { good, poor } = VITAL_THRESHOLDS[metric]
  return value <= good ? 'good' : value > poor ? 'poor' : 'needs-improvement'
}

/**
 * A route and device class with fewer page views than this in the range shows no p75: a 75th
 * percentile of a handful of views says more about the visitors than the page (decision 0221).
 */
export const MIN_VITAL_SAMPLES = 20

/**
 * The histogram's buckets (decision 0221): values in units (ms; CLS × 1000), bucket 0 holds
 * [0, 1), bucket b ≥ 1 holds [RATIO^(b-1), RATIO^b). A bucket stands for its geometric middle, so a
 * percentile read from the histogram is within BUCKET_ERROR of the true one (or 1 unit of it).
 */
export const BUCKET_RATIO = 1.05
export const BUCKET_ERROR = Math.sqrt(BUCKET_RATIO) - 1
/** CLS is bucketed in thousandths. */
export const unitsOf = (metric: VitalMetric, value: number) =>
  metric === 'cls' ? value * 1000 : value

export const bucketOf = (units: number) =>
  units < 1 ? 0 : 1 + Math.floor(Math.log(units) / Math.log(BUCKET_RATIO))

/** The value a bucket stands for, in the metric's own unit (ms, or the CLS score). */
export const bucketValue = (metric: VitalMetric, bucket: number) => {
  const units = bucket === 0 ? 0 : BUCKET_RATIO ** (bucket - 0.5)
  return metric === 'cls' ? units / 1000 : units
}

/** The bucket of the nearest-rank percentile (0 < p ≤ 1) of a histogram `bucket → count`; null when empty. */
export const percentileBucket = (buckets: Map<number, number>, p: number): number | null => {
  const total = [...buckets.values()].reduce((sum, count) => sum + count, 0)
  if (total === 0) return null
  const rank = Math.ceil(p * total)
  let seen = 0
  for (const bucket of [...buckets.keys()].sort((a, b) => a - b)) {
    seen += buckets.get(bucket) ?? 0
    if (seen >= rank) return bucket
  }
  return null
}
