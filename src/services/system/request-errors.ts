import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { bare, request_errors } from '@/db'
import type { FailedAnswer } from '@/lib/metrics/http'
import { payloadClient } from '@/services/content/client'

import { thisInstance } from './instance'

/**
 * Answers that failed on the server, kept for the System view (decision 0227): written in small
 * batches a second after they happen, at most MAX_WAITING between writes (a burst while the
 * database is down cannot fill the memory), kept KEEP_HOURS and at most KEEP_ROWS rows. Only what
 * cannot hold personal data: the route group or pattern, the method, the status, the error's class.
 */
const MAX_WAITING = 100
const KEEP_HOURS = 24
const KEEP_ROWS = 5_000
const FLUSH_AFTER_MS = 1_000

type Waiting = FailedAnswer & { at: string; route: string; errorClass: string }
type State = {
  waiting: Waiting[]
  timer?: NodeJS.Timeout
  /** What onRequestError learnt of a request (its route pattern, its error's class), by id. */
  known: Map<string, { route: string; errorClass: string }>
}
const KEY = Symbol.for('starfinity.requestErrors')
const state = ((process as unknown as Record<symbol, State>)[KEY] ??= {
  waiting: [],
  known: new Map(),
})

/** A name that says what kind of error it was and never what it held: a class or a code. */
export const errorClassOf = (error: unknown): string => {
  if (error && typeof error === 'object') {
    const { code, name } = error as { code?: unknown; name?: unknown }
    const base = typeof name === 'string' && /^[A-Za-z]\w{0,60}$/.test(name) ? name : 'Error'
    return typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code) ? `${base} ${code}` : base
  }
  return typeof error
}

/** Called by onRequestError: the answer that follows (a 500) is recorded with these. */
export const noteRequestError = (requestId: string | null, route: string, error: unknown) => {
  if (!requestId) return
  if (state.known.size > MAX_WAITING) state.known.clear()
  state.known.set(requestId, { route, errorClass: errorClassOf(error) })
}

/** Keeps a failed answer to be written (the HTTP metrics call it for each 5xx). */
export const recordFailedAnswer = (failed: FailedAnswer) => {
  const known = failed.requestId ? state.known.get(failed.requestId) : undefined
  if (failed.requestId) state.known.delete(failed.requestId)
  if (state.waiting.length >= MAX_WAITING) return
  state.waiting.push({
    ...failed,
    at: new Date().toISOString(),
    route: known?.route ?? failed.group,
    errorClass: known?.errorClass ?? `HTTP ${failed.status}`,
  })
  state.timer ??= setTimeout(() => {
    state.timer = undefined
    void payloadClient()
      .then(flushRequestErrors)
      .catch(() => undefined)
  }, FLUSH_AFTER_MS)
  state.timer.unref?.()
}

/** Writes the waiting failed answers (dropped if the database cannot take them now). */
export const flushRequestErrors = async (payload: Payload) => {
  const rows = state.waiting.splice(0)
  if (rows.length === 0) return
  const instance = thisInstance().id
  await payload.db.drizzle.execute(sql`
    INSERT INTO ${request_errors} (${bare(request_errors.occurredAt, request_errors.instanceId, request_errors.requestId, request_errors.route, request_errors.method, request_errors.status, request_errors.errorClass)})
    VALUES ${sql.join(
      rows.map(
        (row) =>
          sql`(${row.at}, ${instance}, ${row.requestId}, ${row.route}, ${row.method}, ${row.status}, ${row.errorClass})`,
      ),
      sql`, `,
    )}`)
}

/** Drops what is older than KEEP_HOURS, and all but the newest KEEP_ROWS. */
export const pruneRequestErrors = async (payload: Payload) => {
  await payload.db.drizzle.execute(sql`
    DELETE FROM ${request_errors}
    WHERE ${bare(request_errors.occurredAt)} < now() - make_interval(hours => ${KEEP_HOURS})
      OR ${bare(request_errors.id)} <= (SELECT ${bare(request_errors.id)} FROM ${request_errors}
        ORDER BY ${bare(request_errors.id)} DESC OFFSET ${KEEP_ROWS} LIMIT 1)`)
}
