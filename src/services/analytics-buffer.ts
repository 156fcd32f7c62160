import type { Payload } from 'payload'

type AnalyticsRow = Record<string, unknown>

const FLUSH_AFTER_MS = 250
const FLUSH_AT_ROWS = 500

let pending: AnalyticsRow[] = []
let timer: NodeJS.Timeout | undefined
let writing: Promise<void> = Promise.resolve()

/**
 * Analytics is the hottest path: events wait up to 250 ms in memory and are written together,
 * one multi-row insert per flush. A crash loses at most that window of anonymous events.
 */
export const bufferAnalyticsRows = (payload: Payload, rows: AnalyticsRow[]) => {
  pending.push(...rows)
  if (pending.length >= FLUSH_AT_ROWS) void flushAnalytics(payload)
  else timer ??= setTimeout(() => void flushAnalytics(payload), FLUSH_AFTER_MS)
}

/** Writes what is buffered; resolves once everything buffered before the call is stored. */
export const flushAnalytics = (payload: Payload): Promise<void> => {
  clearTimeout(timer)
  timer = undefined
  const rows = pending
  pending = []
  writing = writing.then(async () => {
    if (rows.length === 0) return
    try {
      await payload.db.drizzle.insert(payload.db.tables.analytics_events).values(rows)
    } catch (error) {
      payload.logger.error({ msg: 'analytics flush failed', rows: rows.length, err: error })
    }
  })
  return writing
}
