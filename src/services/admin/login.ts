import { createHmac, pbkdf2, randomBytes } from 'node:crypto'
import { promisify } from 'node:util'

import { sql } from '@payloadcms/db-postgres/drizzle'
import { APIError, type Payload } from 'payload'

import { bare, rate_limits } from '@/db'
import { metrics } from '@/lib/metrics/registry.mjs'
import { env } from '@/lib/env'
import { AppError } from '@/lib/errors'
import { logKey } from '@/lib/log-keys'
import { checkPassword } from '@/services/admin/password-checks'
import type { SecondFactorProof } from '@/schemas/second-factor'
import {
  SecondFactorNeeded,
  SecondFactorRefused,
  type SignInContext,
} from '@/services/auth/second-factor'
import {
  clearRateLimit,
  consumeRateLimit,
  exceedsRateLimit,
  refundRateLimit,
} from '@/services/shared/rate-limit'

export const INVALID_CREDENTIALS = 'Invalid credentials'

const hashPassword = promisify(pbkdf2)
/** Payload's current password hash (pbkdf2-sha256-v1): a refusal without a user costs the same. */
const PASSWORD_HASH = { iterations: 600_000, keyLength: 32 }

/** How long an address that signed in to an account stays trusted by it. */
const KNOWN_ADDRESS_DAYS = 30

/**
 * The one sign-in behind every login door (Payload's `/api/users/login` and the spec's
 * `/api/admin/login`), through Payload's own login for its password check and session.
 *
 * Every attempt is counted before its password is checked, in PostgreSQL (so parallel attempts and
 * several instances share one count): per address (RATE_LIMITS.login: 429 with Retry-After once
 * used up, nothing checked) and per account name (RATE_LIMITS['login-account']). Past the
 * account's allowance it is held: only addresses that have signed in to it within 30 days may
 * still try, so someone without the password cannot lock the owner out of their usual places.
 * A held account, an unknown user and a wrong password get the same answer after the same one
 * password hash. A success gives its counts back. See docs/decisions/0134-sign-in-throttle.md.
 *
 * A user with a second factor (or whose level requires one) gets SecondFactorNeeded after the right
 * password without one, and no session: that answer gives its counts back too. A second factor
 * that is refused counts as a failed attempt (decision 0210).
 */
export const signIn = async (
  payload: Payload,
  credentials: { username: string; password: string; secondFactor?: SecondFactorProof },
  ip: string,
) => {
  const username = credentials.username.toLowerCase().trim()
  await consumeRateLimit(payload, 'login', ip)
  const pastAllowance = await exceedsRateLimit(payload, 'login-account', username)
  const held = pastAllowance && !(await isKnownAddress(payload, username, ip))
  const known = held
    ? null
    : await payload.db.findOne({ collection: 'users', where: { username: { equals: username } } })
  const context: SignInContext = { secondFactor: credentials.secondFactor }
  try {
    const result = await checkPassword(async () => {
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
      return payload.login({
        collection: 'users',
        data: { username, password: credentials.password },
        depth: 0,
        context,
      })
    })
    if (!result.token || !result.user) throw new AppError(401, INVALID_CREDENTIALS)
    await Promise.all([
      refundRateLimit(payload, 'login', ip),
      refundRateLimit(payload, 'login-account', username),
      rememberAddress(payload, username, ip),
    ])
    payload.logger.info({
      msg: 'admin login',
      usernameKey: logKey(username),
      accessLevel: result.user.accessLevel,
      ip,
    })
    return {
      ...result,
      token: result.token,
      user: result.user,
      recoveryCodes: context.recoveryCodes,
    }
  } catch (error) {
    if (error instanceof SecondFactorNeeded) {
      // The password was right: not a failed attempt; the second step is counted on its own.
      await Promise.all([
        refundRateLimit(payload, 'login', ip),
        refundRateLimit(payload, 'login-account', username),
      ])
      throw error
    }
    const refused =
      (error instanceof APIError || error instanceof AppError) &&
      (error as { status: number }).status < 500
    if (!refused) throw error
    metrics().signInFailures.inc({ reason: failureReason(held, known, error) })
    payload.logger.warn({
      msg: 'admin login failed',
      // A keyed hash: a mistyped password in the name field is never written down in clear.
      usernameKey: logKey(username),
      ip,
      reason: held ? 'account held' : error.message,
    })
    if (error instanceof SecondFactorRefused) throw error
    throw new AppError(401, INVALID_CREDENTIALS)
  }
}

/** Why a sign-in was refused, as the metrics count it (a few fixed words). */
const failureReason = (held: boolean, known: unknown, error: unknown) => {
  if (held) return 'account_held'
  if (!known) return 'unknown_user'
  const name = (error as { name?: unknown }).name
  if (name === 'LockedAuth') return 'locked'
  if (name === 'UnverifiedEmail') return 'unverified'
  return 'wrong_password'
}

/** Lifts an account's hold (a reset by `npm run admin:create`). */
export const releaseAccount = (payload: Payload, username: string) =>
  clearRateLimit(payload, 'login-account', username.toLowerCase().trim())

/** An address and account name pair, keyed so that neither can be read back. */
const knownKey = (username: string, ip: string) =>
  `login-known:${createHmac('sha256', env().PAYLOAD_SECRET).update(`${username}\n${ip}`).digest('base64url')}`

const rememberAddress = async (payload: Payload, username: string, ip: string) => {
  await payload.db.drizzle.execute(
    sql`INSERT INTO ${rate_limits} (${bare(rate_limits.key, rate_limits.windowStart, rate_limits.count, rate_limits.updatedAt, rate_limits.createdAt)})
      VALUES (${knownKey(username, ip)}, now(), 1, now(), now())
      ON CONFLICT (${bare(rate_limits.key)}) DO UPDATE SET ${bare(rate_limits.windowStart)} = now(),
        ${bare(rate_limits.updatedAt)} = now()`,
  )
}

const isKnownAddress = async (payload: Payload, username: string, ip: string) => {
  const result = await payload.db.drizzle.execute(
    sql`SELECT 1 FROM ${rate_limits} WHERE ${bare(rate_limits.key)} = ${knownKey(username, ip)}
      AND ${bare(rate_limits.windowStart)} > now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`,
  )
  return result.rows.length > 0
}

/** The spec's answer of `POST /api/admin/login`. */
export const adminLogin = async (
  payload: Payload,
  credentials: { username: string; password: string; secondFactor?: SecondFactorProof },
  ip: string,
) => {
  const { token, user, recoveryCodes } = await signIn(payload, credentials, ip)
  const accessLevel = user.accessLevel
  return {
    success: true as const,
    token,
    accessLevel,
    // A second factor set up in this sign-in: its recovery codes, shown once.
    ...(recoveryCodes ? { recoveryCodes } : {}),
    message:
      accessLevel === 'demo'
        ? 'Welcome to the demo dashboard (read-only)'
        : 'Welcome to the admin dashboard',
  }
}
