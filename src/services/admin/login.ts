import { pbkdf2, randomBytes } from 'node:crypto'
import { promisify } from 'node:util'

import { APIError, LockedAuth, type Payload } from 'payload'

import { AppError } from '@/lib/errors'
import { checkRateLimit, consumeRateLimit } from '@/services/rate-limit'

export const INVALID_CREDENTIALS = 'Invalid credentials'

const hashPassword = promisify(pbkdf2)
/** Payload's current password hash (pbkdf2-sha256-v1): an unknown user costs the same check. */
const PASSWORD_HASH = { iterations: 600_000, keyLength: 32 }

/**
 * The one sign-in behind every login door (Payload's `/api/users/login` and the spec's
 * `/api/admin/login`), through Payload's own login: its password check, lockout and session.
 * Failures are counted per address (RATE_LIMITS['login-failure']: 429 with Retry-After once used
 * up), and answered alike, in about the same time, for an unknown user and a wrong password.
 * Payload's per-user lockout starts well above one address's allowance, so no single address can
 * keep an admin locked out (docs/decisions/0060-every-door.md).
 */
export const signIn = async (
  payload: Payload,
  credentials: { username: string; password: string },
  ip: string,
) => {
  await checkRateLimit(payload, 'login-failure', ip)
  const username = credentials.username.toLowerCase().trim()
  const known = await payload.db.findOne({
    collection: 'users',
    where: { username: { equals: username } },
  })
  try {
    if (!known) {
      await hashPassword(
        credentials.password,
        randomBytes(32),
        PASSWORD_HASH.iterations,
        PASSWORD_HASH.keyLength,
        'sha256',
      )
      throw new AppError(401, INVALID_CREDENTIALS)
    }
    const result = await payload.login({
      collection: 'users',
      data: { username, password: credentials.password },
      depth: 0,
    })
    if (!result.token || !result.user) throw new AppError(401, INVALID_CREDENTIALS)
    payload.logger.info({ msg: 'admin login', username, accessLevel: result.user.accessLevel, ip })
    return { ...result, token: result.token, user: result.user }
  } catch (error) {
    const refused =
      (error instanceof APIError || error instanceof AppError) &&
      (error as { status: number }).status < 500
    if (!refused) throw error
    payload.logger.warn({ msg: 'admin login failed', username, ip, reason: error.message })
    await consumeRateLimit(payload, 'login-failure', ip)
    // A locked account keeps Payload's lockout message; every other refusal the same words.
    if (error instanceof LockedAuth) throw new AppError(401, error.message)
    throw new AppError(401, INVALID_CREDENTIALS)
  }
}

/** The spec's answer of `POST /api/admin/login`. */
export const adminLogin = async (
  payload: Payload,
  credentials: { username: string; password: string },
  ip: string,
) => {
  const { token, user } = await signIn(payload, credentials, ip)
  const accessLevel = user.accessLevel
  return {
    success: true as const,
    token,
    accessLevel,
    message:
      accessLevel === 'demo'
        ? 'Welcome to the demo dashboard (read-only)'
        : 'Welcome to the admin dashboard',
  }
}
