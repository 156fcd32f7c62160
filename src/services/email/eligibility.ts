import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { AnyPgColumn } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { Payload } from 'payload'

import {
  alias,
  bare,
  email_preferences,
  email_suppressions,
  erased_addresses,
  newsletter_subscribers,
} from '@/db'
import { erasedAddressHash, erasedAddressSalt } from '@/lib/anonymize'
import type { EMAIL_TYPES } from '@/lib/constants'

/**
 * A newsletter subscriber who confirmed and wants the newsletter: of `newsletter_subscribers` or an
 * alias of it, or of a name the statement gives it.
 */
export const receivesNewsletter = (
  subscriber: { doubleOptInConfirmed: AnyPgColumn; emailPreferences: AnyPgColumn } | string,
) => {
  const s = newsletter_subscribers
  const [confirmed, preferences] =
    typeof subscriber === 'string'
      ? [s.doubleOptInConfirmed, s.emailPreferences].map(
          (column) => sql`${sql.identifier(subscriber)}.${bare(column)}`,
        )
      : [subscriber.doubleOptInConfirmed, subscriber.emailPreferences]
  return sql`(${confirmed} AND ${preferences} @> '["newsletter"]')`
}

const es = alias(email_suppressions, 'es')
const ea = alias(erased_addresses, 'ea')
const s = alias(newsletter_subscribers, 's')
const p = alias(email_preferences, 'p')

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
      sql`EXISTS (SELECT 1 FROM ${email_suppressions} ${es}
        WHERE lower(${es.email}) = lower(${email}) AND ${es.isActive})`,
      'suppressed',
    ],
    // Erased after unsubscribing or bouncing: only mail the person asks for again still goes.
    [
      not(typeIn(emailType, ['confirmation', 'reply'])),
      sql`EXISTS (SELECT 1 FROM ${erased_addresses} ${ea} WHERE ${ea.addressHash} = ${erasedHashOf(email)})`,
      'erased',
    ],
    [
      newsletter,
      sql`NOT EXISTS (SELECT 1 FROM ${newsletter_subscribers} ${s}
        WHERE lower(${s.email}) = lower(${email}) AND ${receivesNewsletter(s)})`,
      'not a confirmed newsletter subscriber',
    ],
    [
      newsletter,
      sql`EXISTS (SELECT 1 FROM ${email_preferences} ${p}
        WHERE lower(${p.email}) = lower(${email}) AND ${p.newsletterEnabled} IS false)`,
      'newsletter turned off in preferences',
    ],
    [
      broadcast,
      sql`EXISTS (SELECT 1 FROM ${email_preferences} ${p}
        WHERE lower(${p.email}) = lower(${email}) AND ${p.updatesEnabled} IS false)`,
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
