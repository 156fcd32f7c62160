import type { Payload } from 'payload'

import { metrics } from '@/lib/metrics/registry.mjs'
import { RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE, shouldLog } from '@/lib/db/unavailable'
import { AppError } from '@/lib/errors'
import { loggableError } from '@/lib/loggable-error'
import { onShutdown } from '@/lib/shutdown'

/** The tables written through the buffer: page tracking's events and Web Vitals' beacons. */
export type BufferedTable = 'analytics_events' | 'web_vitals'
type AnalyticsRow = { table: BufferedTable; values: Record<string, unknown> }

const FLUSH_AFTER_MS = 250
const FLUSH_AT_ROWS = 500
/** Events held in memory at most (waiting, or waiting again after a failed write). */
export const MAX_BUFFERED_ROWS = 10_000
const RETRY_FIRST_MS = 500
const RETRY_MAX_MS = 10_000

let pending: AnalyticsRow[] = []
/** The rows of the write under way (it removes each stored one), counted with the buffer. */
let inFlight: AnalyticsRow[] = []
let timer: NodeJS.Timeout | undefined
let writing: Promise<void> = Promise.resolve()
let retryDelay = 0
let owner: Payload | undefined
/** Set when the shutdown's last writes begin: an event accepted after them would be lost. */
let closing = false

/** 503 with Retry-After: the event was not taken; the client may send it again. */
const tryLater = (message: string) =>
  new AppError(503, message, undefined, { 'Retry-After': String(RETRY_AFTER_SECONDS) })

/**
 * Analytics is the hottest path: events wait up to 250 ms in memory and are written together, one
 * multi-row insert per flush. A failed write (the database restarting or down) keeps the events and
 * tries again with a growing delay; once MAX_BUFFERED_ROWS wait, new events are refused with 503 so
 * the browser retries later. On SIGTERM the buffer is written before the process exits; what a
 * SIGKILL loses is said in docs/decisions/0101-acknowledged-writes.md.
 */
export const bufferAnalyticsRows = (
  payload: Payload,
  values: Record<string, unknown>[],
  table: BufferedTable = 'analytics_events',
) => {
  const rows = values.map((row) => ({ table, values: row }))
  // Stopping: a 201 only for what the last writes will store; later events get 503 and
  // Retry-After, never an acknowledgement that the exit would lose.
  if (closing) {
    metrics().analyticsEvents.inc({ outcome: 'stranded' }, rows.length)
    throw tryLater(UNAVAILABLE_MESSAGE)
  }
  if (bufferedAnalyticsRows() + rows.length > MAX_BUFFERED_ROWS) {
    metrics().analyticsEvents.inc({ outcome: 'stranded' }, rows.length)
    throw tryLater('Analytics are paused for a moment. Please try again later.')
  }
  if (!owner) onShutdown(() => flushUntilEmpty(payload))
  owner = payload
  pending.push(...rows)
  metrics().analyticsEvents.inc({ outcome: 'accepted' }, rows.length)
  if (retryDelay) return // a retry is already scheduled
  if (pending.length >= FLUSH_AT_ROWS) void flushAnalytics(payload)
  else timer ??= setTimeout(() => void flushAnalytics(payload), FLUSH_AFTER_MS)
}

/**
 * On shutdown: no new event is accepted (503), and what waits is written, in up to five rounds
 * (a failed write keeps its rows for the next). The server may still be answering requests then:
 * the drain has a deadline, and keep-alive clients can outlast it.
 */
const flushUntilEmpty = async (payload: Payload) => {
  closing = true
  for (let round = 0; round < 5 && pending.length > 0; round++) await flushAnalytics(payload)
}

/** Events accepted and not yet stored (waiting, or in the write under way). */
export const bufferedAnalyticsRows = () => pending.length + inFlight.length
// Read when the metrics are scraped.
;(metrics().analyticsBuffered as unknown as { collect: () => void }).collect = function (this: {
  set: (value: number) => void
}) {
  this.set(bufferedAnalyticsRows())
}

/** Writes what is buffered; resolves once that write succeeded or failed (and was re-queued). */
export const flushAnalytics = (payload: Payload): Promise<void> => {
  clearTimeout(timer)
  timer = undefined
  writing = writing.then(async () => {
    const rows = pending
    pending = []
    if (rows.length === 0) return
    inFlight = rows
    try {
      await insertRows(payload, rows)
      inFlight = []
      // Events that arrived during a retried write were not scheduled (the retry was): now they are.
      if (retryDelay && pending.length > 0)
        timer ??= setTimeout(() => void flushAnalytics(payload), FLUSH_AFTER_MS)
      retryDelay = 0
    } catch (error) {
      // Keep the events, oldest first, and try again later.
      inFlight = []
      pending = rows.concat(pending)
      retryDelay = Math.min(RETRY_MAX_MS, retryDelay ? retryDelay * 2 : RETRY_FIRST_MS)
      const { log, suppressed } = shouldLog('analytics flush failed')
      if (log)
        payload.logger.warn({
          msg: 'analytics flush failed, will retry',
          buffered: pending.length,
          retryInMs: retryDelay,
          error: loggableError(error).message,
          ...(suppressed ? { suppressedSinceLast: suppressed } : {}),
        })
      timer = setTimeout(() => void flushAnalytics(payload), retryDelay)
      timer.unref()
    }
  })
  return writing
}

/**
 * The database refused this row's data itself (SQLSTATE class 22, data exception, or 23, integrity
 * constraint violation): writing it again cannot succeed. Any other failure (the server gone,
 * restarting or shutting down, a connection cut, whatever its message) may pass: the rows are kept.
 */
const isRefusedRow = (error: unknown): boolean => {
  const seen = new Set<unknown>()
  for (let current = error; current && typeof current === 'object' && !seen.has(current);) {
    seen.add(current)
    const { code, cause } = current as { code?: unknown; cause?: unknown }
    if (typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code)) return true
    current = cause
  }
  return false
}

/** Events written: counted, and the time of the last write (a buffer that stops flushing shows). */
const flushed = (count: number) => {
  const { analyticsEvents, analyticsLastFlush } = metrics()
  analyticsEvents.inc({ outcome: 'flushed' }, count)
  analyticsLastFlush.set(Date.now() / 1000)
}

/**
 * Multi-row inserts of at most FLUSH_AT_ROWS events each (a statement carries at most 65,535
 * parameters, and a buffer that grew during an outage holds up to MAX_BUFFERED_ROWS). If the
 * database refuses a batch for its data, its rows are written one by one so that one bad event
 * never costs another visitor's; only a row the database refuses for its data is dropped. Any other
 * failure ends the write and keeps the rest for the retry. What is stored (or refused) leaves
 * `rows`, so after an outage only the rest goes back to the buffer.
 */
const insertRows = async (payload: Payload, rows: AnalyticsRow[]) => {
  const insert = (table: BufferedTable, values: Record<string, unknown>[]) =>
    payload.db.drizzle.insert(payload.db.tables[table]).values(values)
  let dropped = 0
  let reason: unknown
  try {
    while (rows.length > 0) {
      // One table's rows at a time: the longest run of the first row's table, up to FLUSH_AT_ROWS.
      const table = rows[0].table
      const end = rows.findIndex((row, index) => index >= FLUSH_AT_ROWS || row.table !== table)
      const batch = rows.slice(0, end === -1 ? rows.length : end)
      try {
        await insert(
          table,
          batch.map((row) => row.values),
        )
        rows.splice(0, batch.length)
        flushed(batch.length)
        continue
      } catch (error) {
        if (!isRefusedRow(error)) throw error
      }
      for (const row of batch) {
        try {
          await insert(row.table, [row.values])
          flushed(1)
        } catch (error) {
          if (!isRefusedRow(error)) throw error
          metrics().analyticsEvents.inc({ outcome: 'stranded' })
          dropped++
          reason ??= error
        }
        rows.shift()
      }
    }
  } finally {
    if (dropped)
      payload.logger.warn({
        msg: 'analytics events refused by the database',
        dropped,
        error: loggableError(reason).message,
      })
  }
}
