import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { bare, rate_limits } from '@/db'
import { metrics } from '@/lib/metrics/registry.mjs'
import { batched } from '@/lib/batched'
import { type BatchColumns, preparedStatement, unnestRows, unnestValues } from '@/lib/db/prepared'
import { retryingLostConnections } from '@/lib/db/unavailable'
import { hashIp } from '@/lib/anonymize'
import { env } from '@/lib/env'
import { AppError } from '@/lib/errors'

/** Requests allowed per client address and route in one window. See docs/decisions/0004-rate-limits.md. */
export const RATE_LIMITS = {
  newsletter: { limit: 10, windowSeconds: 60 },
  waitlist: { limit: 10, windowSeconds: 60 },
  contact: { limit: 5, windowSeconds: 60 },
  'parent-engagement': { limit: 5, windowSeconds: 60 },
  'engagement-event': { limit: 120, windowSeconds: 60 },
  // Sign-in attempts per address on every login route, counted before the password is checked
  // (a success is given back), and per account name from all addresses (services/admin/login.ts).
  login: { limit: 10, windowSeconds: 15 * 60 },
  'login-account': { limit: 20, windowSeconds: 15 * 60 },
  // Counted in each instance's memory: the hottest path makes no database round trip for its limit.
  'analytics-track': { limit: 300, windowSeconds: 60, perInstance: true },
  // One Web Vitals beacon per page view: a visitor's page views a minute, with room for a school
  // or office behind one address.
  'web-vitals': { limit: 120, windowSeconds: 60, perInstance: true },
} as const

export type RateLimitedRoute = keyof typeof RATE_LIMITS
type SharedRoute = Exclude<RateLimitedRoute, 'analytics-track' | 'web-vitals'>

/**
 * Counts one request of a client (an address, or for 'login-account' an account name): in
 * PostgreSQL, so every app instance shares the counters, or in memory for the per-instance routes.
 * Throws 429 with Retry-After once the window's allowance is used.
 */
export const consumeRateLimit = async (
  payload: Payload,
  route: RateLimitedRoute,
  subject: string,
): Promise<void> => {
  const window = windowOf(route, subject)
  if (!window) return
  const count =
    'perInstance' in RATE_LIMITS[route]
      ? countInMemory(window.key, window.start.getTime())
      : await countInDatabase(payload, { key: window.key, start: window.start })
  if (count > window.limit) {
    metrics().rateLimitRefusals.inc({ limit: route })
    throw tooMany(window)
  }
}

/** Counts one request like consumeRateLimit and answers whether it is past the allowance. */
export const exceedsRateLimit = async (
  payload: Payload,
  route: SharedRoute,
  subject: string,
): Promise<boolean> => {
  const window = windowOf(route, subject)
  if (!window) return false
  return (await countInDatabase(payload, { key: window.key, start: window.start })) > window.limit
}

/** Gives one counted request back (a sign-in that succeeded is no attempt against the limit). */
export const refundRateLimit = async (
  payload: Payload,
  route: SharedRoute,
  subject: string,
): Promise<void> => {
  const window = windowOf(route, subject)
  if (!window) return
  await payload.db.drizzle.execute(
    sql`UPDATE ${rate_limits} SET ${bare(rate_limits.count)} = ${bare(rate_limits.count)} - 1,
      ${bare(rate_limits.updatedAt)} = now()
      WHERE ${bare(rate_limits.key)} = ${window.key} AND ${bare(rate_limits.windowStart)} = ${window.start.toISOString()} AND ${bare(rate_limits.count)} > 0`,
  )
}

/** Forgets a client's count of the current window. */
export const clearRateLimit = async (
  payload: Payload,
  route: SharedRoute,
  subject: string,
): Promise<void> => {
  const window = windowOf(route, subject)
  if (window)
    await payload.db.drizzle.execute(
      sql`DELETE FROM ${rate_limits} WHERE ${bare(rate_limits.key)} = ${window.key}`,
    )
}

type Window = { key: string; start: Date; end: number; limit: number }

const windowOf = (route: RateLimitedRoute, subject: string): Window | undefined => {
  const factor = env().RATE_LIMIT_FACTOR
  if (factor === 0) return undefined
  const { windowSeconds } = RATE_LIMITS[route]
  const limit = Math.max(1, Math.round(RATE_LIMITS[route].limit * factor))
  const start = Math.floor(Date.now() / (windowSeconds * 1000)) * windowSeconds * 1000
  return {
    key: `${route}:${hashIp(subject)}`,
    start: new Date(start),
    end: start + windowSeconds * 1000,
    limit,
  }
}

const tooMany = (window: Window) => {
  const retryAfter = Math.max(1, Math.ceil((window.end - Date.now()) / 1000))
  return new AppError(
    429,
    `Too many requests. Please try again in ${retryAfter} seconds.`,
    undefined,
    { 'Retry-After': String(retryAfter) },
  )
}

const memory = new Map<string, { windowStart: number; count: number }>()
let memoryWindow = 0

const countInMemory = (key: string, windowStart: number) => {
  // A new window makes every older counter obsolete: drop them once, when it begins.
  if (windowStart !== memoryWindow) {
    memoryWindow = windowStart
    for (const [k, v] of memory) if (v.windowStart < windowStart) memory.delete(k)
  }
  const entry = memory.get(key)
  if (entry && entry.windowStart === windowStart) return ++entry.count
  memory.set(key, { windowStart, count: 1 })
  return 1
}

type Hit = { key: string; start: Date }

/**
 * Database counts of concurrent requests are written together (lib/batched: one statement per
 * turn of the event loop, at most one in flight per Payload).
 */
const countInDatabase = batched(
  async (payload: Payload, batch: Hit[]): Promise<(number | Error)[]> => {
    const hits = new Map<string, { start: Date; hits: number }>()
    for (const hit of batch) {
      const entry = hits.get(hit.key)
      // A batch that straddles a window boundary counts a key's hits in its newest window.
      if (!entry) hits.set(hit.key, { start: hit.start, hits: 1 })
      else {
        entry.hits++
        if (hit.start > entry.start) entry.start = hit.start
      }
    }
    // A failure throws the error a statement of its own would have (a 503 when the database is away).
    const counts = await upsertWithRetry(payload, hits)
    // The k-th of a key's n hits in this batch gets returned - n + k: the count it would have
    // seen with a statement of its own, so the same requests are refused.
    const seen = new Map<string, number>()
    const results = batch.map((hit) => {
      const total = counts.get(hit.key)
      if (total === undefined) return new Error(`rate limit: no count returned for ${hit.key}`)
      const k = (seen.get(hit.key) ?? 0) + 1
      seen.set(hit.key, k)
      return total - (hits.get(hit.key)?.hits ?? 1) + k
    })
    // New windows are the moment to sweep old counters now and then, without a scheduler.
    if (results.includes(1) && Math.random() < 0.01)
      void purgeRateLimits(payload).catch(() => undefined)
    return results
  },
)

/**
 * A lost connection is tried again (`retryingLostConnections`). A connection lost after the commit
 * but before the answer counts that batch twice, which only makes the limit stricter, for one
 * window.
 */
const upsertWithRetry = (
  payload: Payload,
  hits: Map<string, { start: Date; hits: number }>,
): Promise<Map<string, number>> => retryingLostConnections(() => upsertCounts(payload, hits))

/**
 * One statement for a batch: each key once (ON CONFLICT DO UPDATE may not touch a row twice), its
 * hits added to the count of the same window or starting a new one. The batch goes as one array
 * per column (`unnestRows`); rows are locked in key order, so two batches, of this instance or
 * another, cannot deadlock on each other's rows.
 *
 * Its commit does not wait for the WAL to reach the disk (`synchronous_commit` off for this
 * statement's transaction alone, decision 0278): a count is no one's stored data, and a crash of
 * the database loses at most the counts of its last fraction of a second. The request it counts
 * waits for its own write next, which is committed as every write is.
 */
const upsertCounts = async (
  payload: Payload,
  hits: Map<string, { start: Date; hits: number }>,
): Promise<Map<string, number>> => {
  const rows = [...hits].map(([key, hit]) => ({
    hit_key: key,
    hit_window_start: hit.start.toISOString(),
    hit_count: hit.hits,
  }))
  const result = await upsertStatement<{ key: string; count: string | number }>(
    payload,
    unnestValues(HIT_COLUMNS, rows),
  )
  return new Map(result.rows.map((row) => [row.key, Number(row.count)]))
}

/** The SQL types of `upsertCounts`' rows' columns. */
const HIT_COLUMNS: BatchColumns = {
  hit_key: 'text',
  hit_window_start: 'timestamptz',
  hit_count: 'integer',
}

const upsertStatement = preparedStatement<Record<string, unknown[]>>('rate-limit-counts', () => {
  const { key, windowStart, count, updatedAt, createdAt } = rate_limits
  return sql`
    INSERT INTO ${rate_limits} (${bare(key, windowStart, count, updatedAt, createdAt)})
    SELECT hit.hit_key, hit.hit_window_start, hit.hit_count, now(), now()
    FROM ${unnestRows('hit', HIT_COLUMNS)},
      -- Until the end of this statement's own transaction (is_local), so before its commit.
      (SELECT set_config('synchronous_commit', 'off', true)) AS commit_unflushed
    ORDER BY hit.hit_key
    ON CONFLICT (${bare(key)}) DO UPDATE SET
      ${bare(count)} = CASE WHEN ${windowStart} = EXCLUDED.${bare(windowStart)}
        THEN ${count} + EXCLUDED.${bare(count)} ELSE EXCLUDED.${bare(count)} END,
      ${bare(windowStart)} = EXCLUDED.${bare(windowStart)},
      ${bare(updatedAt)} = now()
    RETURNING ${bare(key, count)}`
})

/**
 * Drops counters of windows long past, and sign-in addresses remembered longer than their 30 days
 * (services/admin/login.ts); run from a periodic job.
 */
export const purgeRateLimits = async (payload: Payload): Promise<void> => {
  await payload.db.drizzle.execute(
    sql`DELETE FROM ${rate_limits} WHERE ${bare(rate_limits.windowStart)} < now() - CASE WHEN ${bare(rate_limits.key)} LIKE 'login-known:%'
      THEN interval '30 days' ELSE interval '1 hour' END`,
  )
}
