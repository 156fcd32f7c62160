import { APIError, LockedAuth, type Payload } from 'payload'

import { AppError } from '@/lib/errors'

export const INVALID_CREDENTIALS = 'Invalid credentials'

/**
 * The spec's admin login for API clients, through Payload's own login: the same password check,
 * lockout (maxLoginAttempts / lockTime) and session as the admin's sign-in form. The token works
 * as `Authorization: Bearer <token>`.
 */
export const adminLogin = async (
  payload: Payload,
  credentials: { username: string; password: string },
  ip: string,
) => {
  try {
    const result = await payload.login({
      collection: 'users',
      data: { username: credentials.username, password: credentials.password },
      depth: 0,
    })
    if (!result.token || !result.user) throw new AppError(401, INVALID_CREDENTIALS)
    const accessLevel = result.user.accessLevel
    payload.logger.info({ msg: 'admin login', username: credentials.username, accessLevel, ip })
    return {
      success: true as const,
      token: result.token,
      accessLevel,
      message:
        accessLevel === 'demo'
          ? 'Welcome to the demo dashboard (read-only)'
          : 'Welcome to the admin dashboard',
    }
  } catch (error) {
    const known = error instanceof APIError || error instanceof AppError
    payload.logger.warn({
      msg: 'admin login failed',
      username: credentials.username,
      ip,
      reason: known ? error.message : 'error',
    })
    // A locked account gets Payload's lockout message; every other refusal the same words, so the
    // answer never tells an unknown username from a wrong password.
    if (error instanceof LockedAuth) throw new AppError(401, error.message)
    if (known && (error as { status: number }).status < 500)
      throw new AppError(401, INVALID_CREDENTIALS)
    throw error
  }
}
