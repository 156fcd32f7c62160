import { availableParallelism } from 'node:os'

import { AppError } from '@/lib/errors'

/**
 * Password hashes running at once in this process: half the cores (at least one), so a storm of
 * sign-ins leaves the rest to pages and the API. A check waits its turn; past MAX_WAITING in line
 * the attempt is turned away at once (503 with Retry-After) instead of holding a connection. The
 * line lives in memory on purpose: it protects this process's cores, and losing it loses nothing.
 */
export const PASSWORD_CHECKS_AT_ONCE = Math.max(1, Math.floor(availableParallelism() / 2))
const MAX_WAITING = 32

const state = { running: 0, started: 0, peak: 0, line: [] as (() => void)[] }

/** Checks running and waiting now, checks started since the process began, and the most at once. */
export const passwordChecks = () => ({
  running: state.running,
  waiting: state.line.length,
  started: state.started,
  peak: state.peak,
})

/** Runs one password check (a hash of the password) when a place is free. */
export const checkPassword = async <T>(check: () => Promise<T>): Promise<T> => {
  if (state.running >= PASSWORD_CHECKS_AT_ONCE) {
    if (state.line.length >= MAX_WAITING) {
      throw new AppError(503, 'Sign-in is busy. Please try again in a few seconds.', undefined, {
        'Retry-After': '5',
      })
    }
    // The place is handed over by the check that finishes (running stays the same).
    await new Promise<void>((resolve) => state.line.push(resolve))
  } else state.running++
  state.started++
  state.peak = Math.max(state.peak, state.running)
  try {
    return await check()
  } finally {
    const next = state.line.shift()
    if (next) next()
    else state.running--
  }
}
