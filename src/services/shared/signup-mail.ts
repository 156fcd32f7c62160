import { createHmac } from 'node:crypto'

import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'

import { bare, rate_limits as limits } from '@/db'
import { env } from '@/lib/env'

/**
 * The signup forms answer a known address as they answer a new one, and tell the person by email
 * instead (decision 0163). So that no one can mail-bomb an address through a form, an address gets
 * at most one such email per EMAIL_CONFIRM_RESEND_MINUTES from all the forms together, and none in
 * that time after a new signup's confirmation: the last one's time is kept in PostgreSQL (shared by
 * every instance), under a key no one can read the address back from, in the rate-limit table
 * (swept after an hour, like its other windows).
 */
const keyOf = (email: string) =>
  `signup-mail:${createHmac('sha256', env().PAYLOAD_SECRET)
    .update(`signup-mail:${email.trim().toLowerCase()}`)
    .digest('base64url')}`

const columns = bare(
  limits.key,
  limits.windowStart,
  limits.count,
  limits.updatedAt,
  limits.createdAt,
)

/**
 * An expression of a signup statement: a new signup's confirmation goes out now (when `after`, the
 * expression that inserts the new row, has one).
 */
export const markSignupMail = (email: string, after: string): SQL => sql`
  INSERT INTO ${limits} (${columns})
  SELECT ${keyOf(email)}::text, now(), 1, now(), now() FROM ${sql.identifier(after)}
  ON CONFLICT (${bare(limits.key)}) DO UPDATE SET ${bare(limits.windowStart)} = now(),
    ${bare(limits.count)} = ${limits.count} + 1, ${bare(limits.updatedAt)} = now()`

/**
 * Claims the address's next email from a form: an expression (of the caller's statement or
 * transaction) that returns a row when none went out within EMAIL_CONFIRM_RESEND_MINUTES (and the
 * time is now taken), none otherwise. One statement, so of concurrent signups of one address
 * exactly one gets it.
 */
export const claimSignupMail = (email: string): SQL => sql`
  INSERT INTO ${limits} (${columns})
  VALUES (${keyOf(email)}, now(), 1, now(), now())
  ON CONFLICT (${bare(limits.key)}) DO UPDATE SET ${bare(limits.windowStart)} = now(),
    ${bare(limits.count)} = ${limits.count} + 1, ${bare(limits.updatedAt)} = now()
  WHERE ${limits.windowStart} <= now() - make_interval(mins => ${env().EMAIL_CONFIRM_RESEND_MINUTES})
  RETURNING ${limits.key}`
