import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

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
  // Failed sign-ins per address, on every login route (counted on failure, checked before trying).
  'login-failure': { limit: 10, windowSeconds: 15 * 60 },
  // Counted in each instance's memory: the hottest path makes no database round trip for its limit.
  'analytics-track': { limit: 300, windowSeconds: 60, perInstance: true },
} as const

export type RateLimitedRoute = keyof typeof RATE_LIMITS

/**
 * Counts one request: in PostgreSQL, so every app instance shares the counters, or in memory for the
 * per-instance routes. Throws 429 with Retry-After once the window's allowance is used.
 */
export const consumeRateLimit = async (
  payload: Payload,
  route: RateLimitedRoute,
  ip: string,
): Promise<void> => {
  const window = windowOf(route, ip)
  if (!window) return
  const count =
    'perInstance' in RATE_LIMITS[route]
      ? countInMemory(window.key, window.start.getTime())
      : await countInDatabase(payload, window.key, window.start)
  if (count > window.limit) throw tooMany(window)
}

/** Throws the same 429 as consumeRateLimit once the window's allowance is used, counting nothing. */
export const checkRateLimit = async (
  payload: Payload,
  route: Exclude<RateLimitedRoute, 'analytics-track'>,
  ip: string,
): Promise<void> => {
  const window = windowOf(route, ip)
  if (!window) return
  const result = await payload.db.drizzle.execute(
    sql`SELECT count FROM rate_limits WHERE key = ${window.key} AND window_start = ${window.start.toISOString()}`,
  )
  const count = Number((result.rows[0] as { count?: string | number } | undefined)?.count ?? 0)
  if (count >= window.limit) throw tooMany(window)
}

type Window = { key: string; start: Date; end: number; limit: number }

const windowOf = (route: RateLimitedRoute, ip: string): Window | undefined => {
  const factor = env().RATE_LIMIT_FACTOR
  if (factor === 0) return undefined
  const { windowSeconds } = RATE_LIMITS[route]
  const limit = Math.max(1, Math.round(RATE_LIMITS[route].limit * factor))
  const start = Math.floor(Date.now() / (windowSeconds * 1000)) * windowSeconds * 1000
  return {
    key: `${route}:${hashIp(ip)}`,
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

const countInDatabase = async (payload: Payload, key: string, windowStart: Date) => {
  const result = await payload.db.drizzle.execute(sql`
    INSERT INTO rate_limits (key, window_start, count, updated_at, created_at)
    VALUES (${key}, ${windowStart.toISOString()}, 1, now(), now())
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start = EXCLUDED.window_start THEN rate_limits.count + 1 ELSE 1 END,
      window_start = EXCLUDED.window_start,
      updated_at = now()
    RETURNING count`)
  const count = Number((result.rows[0] as { count: string | number }).count)
  // New windows are the moment to sweep old counters now and then, without a scheduler.
  if (count === 1 && Math.random() < 0.01) void purgeRateLimits(payload).catch(() => undefined)
  return count
}

/** Drops counters of windows long past; run from a periodic job. */
export const purgeRateLimits = async (payload: Payload): Promise<void> => {
  await payload.db.drizzle.execute(
    sql`DELETE FROM rate_limits WHERE window_start < now() - interval '1 hour'`,
  )
}
