import client from 'prom-client'

/**
 * The instance's Prometheus metrics (decision 0225), defined once per process: Next loads some
 * modules natively (the page cache) and bundles copies of others, and every copy must count into
 * the same registry. Counting is a few additions in memory; the listener that serves them
 * (server.ts) and the process metrics start only when METRICS_TOKEN is set.
 *
 * Labels are bounded: route groups (never paths), methods, status codes, task slugs, reasons.
 */
const build = () => {
  const registry = new client.Registry()
  const counter = (name, help, labelNames = []) =>
    new client.Counter({ name, help, labelNames, registers: [registry] })
  const gauge = (name, help, labelNames = [], collect) =>
    new client.Gauge({ name, help, labelNames, registers: [registry], collect })
  const state = {
    /** Reads of the database at scrape time (jobs, instances): set by the metrics server. */
    databaseSource: undefined,
    /** The last good backup: `() => Promise<{ takenAt: Date } | null>` (none yet). */
    backupSource: undefined,
  }
  return {
    registry,
    state,
    httpRequests: counter(
      'starfinity_http_requests_total',
      'Requests answered, by route group, method and status.',
      ['group', 'method', 'status'],
    ),
    httpDuration: new client.Histogram({
      name: 'starfinity_http_request_duration_seconds',
      help: 'Time from a request to the end of its answer, by route group.',
      labelNames: ['group', 'method'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    pageCacheLookups: counter(
      'starfinity_page_cache_lookups_total',
      'Page-cache lookups of pages and route bodies, by result (hit or miss).',
      ['kind', 'result'],
    ),
    revalidationsReceived: counter(
      'starfinity_page_cache_revalidations_received_total',
      'Page revalidations made by other instances and applied here.',
    ),
    revalidationLag: gauge(
      'starfinity_page_cache_revalidation_lag_seconds',
      'Time from another instance making the last received revalidation to its application here.',
    ),
    statementsFailed: counter(
      'starfinity_db_statements_failed_total',
      'Statements the database connection pool saw fail.',
    ),
    jobsClaimed: counter(
      'starfinity_jobs_claimed_total',
      'Jobs this instance claimed from the queue to run, by task.',
      ['task'],
    ),
    emailsSent: counter(
      'starfinity_emails_sent_total',
      'Messages the mail server accepted, by stream (bulk: campaigns and sequences; single).',
      ['stream'],
    ),
    emailsFailed: counter(
      'starfinity_emails_failed_total',
      'Messages the mail server refused or that could not be handed over, by stream.',
      ['stream'],
    ),
    emailsBounced: counter(
      'starfinity_emails_bounced_total',
      'Bounces reported by the mail provider, by type (hard, soft, complaint).',
      ['type'],
    ),
    analyticsEvents: counter(
      'starfinity_analytics_events_total',
      'Analytics events: accepted into the buffer, flushed to the database, or stranded (refused).',
      ['outcome'],
    ),
    analyticsBuffered: gauge(
      'starfinity_analytics_events_buffered',
      'Analytics events accepted and not yet written.',
    ),
    analyticsLastFlush: gauge(
      'starfinity_analytics_last_flush_timestamp_seconds',
      'When the analytics buffer last wrote to the database (0: never since start).',
    ),
    rateLimitRefusals: counter(
      'starfinity_rate_limit_refusals_total',
      'Requests refused by a rate limit, by limit.',
      ['limit'],
    ),
    signInFailures: counter(
      'starfinity_sign_in_failures_total',
      'Refused admin sign-ins, by reason.',
      ['reason'],
    ),
    backupLastSuccess: gauge(
      'starfinity_backup_last_success_timestamp_seconds',
      'When the last backup was taken (0: none yet).',
      [],
      async function () {
        const backup = state.backupSource ? await state.backupSource() : null
        this.reset()
        if (backup) this.set(backup.takenAt.getTime() / 1000)
      },
    ),
  }
}

const KEY = Symbol.for('starfinity.metrics')

/** @returns {ReturnType<typeof build>} */
export const metrics = () => (process[KEY] ??= build())

/** Where the last backup's time comes from (the backups module). */
export const setBackupSource = (source) => void (metrics().state.backupSource = source)

export { client }
