import { RATE_LIMITS, type RateLimitedRoute } from '@/services/shared/rate-limit'

/**
 * Rate limits count in fixed windows (whole minutes, quarter hours for sign-ins): a burst that
 * straddles two windows is counted in both, and a test expecting a 429 then sees a new window's
 * allowance. When less than `marginMs` of `route`'s current window is left, waits for the next
 * window to begin; otherwise returns at once.
 */
export const awayFromWindowEdge = async (route: RateLimitedRoute, marginMs: number) => {
  const windowMs = RATE_LIMITS[route].windowSeconds * 1000
  const left = windowMs - (Date.now() % windowMs)
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 100))
}
