import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { erasedAddressHash, erasedAddressSalt } from '@/lib/anonymize'
import type { EMAIL_TYPES } from '@/lib/constants'

/** A newsletter subscriber (alias of `newsletter_subscribers`) who confirmed and wants the newsletter. */
export const receivesNewsletter = (alias: string) =>
  sql`(${sql.identifier(alias)}.double_opt_in_confirmed AND ${sql.identifier(alias)}.email_preferences @> '["newsletter"]')`

type EmailType = (typeof EMAIL_TYPES)[number]

/** Whether a check applies: known when the message is built in code, an SQL condition when it is read from a row. */
type Applies = boolean | SQL

const typeIn = (emailType: EmailType | SQL, types: EmailType[]): Applies =>
  typeof emailType === 'string'
    ? types.includes(emailType)
    : sql`${emailType}::text IN (${sql.join(
        types.map((type) => sql`${type}::text`),
        sql`, `,
      )})`

const both = (a: Applies, b: Applies): Applies =>
  a === false || b === false ? false : a === true ? b : b === true ? a : sql`(${a} AND ${b})`

const not = (a: Applies): Applies => (typeof a === 'boolean' ? !a : sql`NOT (${a})`)

/**
 * Why a message must not go to this address, or NULL when it may: an SQL expression, so a queued
 * message's log row can be written with its reason in the same statement. Every address is checked
 * against the suppression list; an erased address (docs/decisions/0112) gets only what the person
 * asked for again (a confirmation, a reply); newsletters and sequence mail need a confirmed
 * subscriber who kept the newsletter preference; broadcasts respect the "updates" preference. Mail
 * to one person (replies, confirmations, welcome, individual sends) checks suppression only.
 *
 * The type and bulk flag are values (the checks that do not apply are left out) or, for rows
 * already queued, their columns (each check guarded by its condition).
 */
export const skipReasonSql = (
  /** The address, or a qualified column (alias.email: a bare name would bind inside the checks). */
  email: string | SQL,
  emailType: EmailType | SQL,
  isBulk: boolean | SQL,
): SQL => {
  const newsletter = both(isBulk, typeIn(emailType, ['newsletter', 'sequence']))
  const broadcast = both(isBulk, typeIn(emailType, ['broadcast']))
  const checks: [Applies, SQL, string][] = [
    [
      true,
      sql`EXISTS (SELECT 1 FROM email_suppressions es
        WHERE lower(es.email) = lower(${email}) AND es.is_active)`,
      'suppressed',
    ],
    // Erased after unsubscribing or bouncing: only mail the person asks for again still goes.
    [
      not(typeIn(emailType, ['confirmation', 'reply'])),
      sql`EXISTS (SELECT 1 FROM erased_addresses ea WHERE ea.address_hash = ${erasedHashOf(email)})`,
      'erased',
    ],
    [
      newsletter,
      sql`NOT EXISTS (SELECT 1 FROM newsletter_subscribers s
        WHERE lower(s.email) = lower(${email}) AND ${receivesNewsletter('s')})`,
      'not a confirmed newsletter subscriber',
    ],
    [
      newsletter,
      sql`EXISTS (SELECT 1 FROM email_preferences p
        WHERE lower(p.email) = lower(${email}) AND p.newsletter_enabled IS false)`,
      'newsletter turned off in preferences',
    ],
    [
      broadcast,
      sql`EXISTS (SELECT 1 FROM email_preferences p
        WHERE lower(p.email) = lower(${email}) AND p.updates_enabled IS false)`,
      'updates turned off in preferences',
    ],
  ]
  const whens = checks
    .filter(([applies]) => applies !== false)
    .map(
      ([applies, check, reason]) =>
        sql`WHEN ${applies === true ? check : sql`${applies} AND ${check}`} THEN ${reason}::text`,
    )
  return sql`(CASE ${sql.join(whens, sql` `)} END)::text`
}

/** The erased-address hash (lib/anonymize) of an address, or computed in SQL from an expression. */
const erasedHashOf = (email: string | SQL): SQL =>
  typeof email === 'string'
    ? sql`${erasedAddressHash(email)}`
    : sql`encode(sha256(decode(${erasedAddressSalt().toString('hex')}, 'hex')
        || convert_to(lower(btrim(${email})), 'UTF8')), 'hex')`

/** The same, asked on its own (before a sequence step, and again just before delivery). */
export const skipReason = async (
  payload: Payload,
  email: string,
  emailType: EmailType,
  isBulk: boolean,
): Promise<string | null> => {
  const result = await payload.db.drizzle.execute(
    sql`SELECT ${skipReasonSql(email, emailType, isBulk)} AS reason`,
  )
  return (result.rows[0] as { reason: string | null }).reason
}
