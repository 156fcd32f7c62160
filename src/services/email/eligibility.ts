import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { erasedAddressHash, erasedAddressSalt } from '@/lib/anonymize'
import type { EMAIL_TYPES } from '@/lib/constants'

/** A newsletter subscriber (alias of `newsletter_subscribers`) who confirmed and wants the newsletter. */
export const receivesNewsletter = (alias: string) =>
  sql`(${sql.identifier(alias)}.double_opt_in_confirmed AND ${sql.identifier(alias)}.email_preferences @> '["newsletter"]')`

type EmailType = (typeof EMAIL_TYPES)[number]

/**
 * Why a message must not go to this address, or NULL when it may: an SQL expression, so a queued
 * message's log row can be written with its reason in the same statement. Every address is checked
 * against the suppression list; an erased address (docs/decisions/0112) gets only what the person
 * asked for again (a confirmation, a reply); newsletters and sequence mail need a confirmed
 * subscriber who kept the newsletter preference; broadcasts respect the "updates" preference. Mail
 * to one person (replies, confirmations, welcome, individual sends) checks suppression only.
 */
export const skipReasonSql = (
  /** The address, or a qualified column (alias.email: a bare name would bind inside the checks). */
  email: string | SQL,
  emailType: EmailType,
  isBulk: boolean,
): SQL => {
  const checks: SQL[] = [
    sql`WHEN EXISTS (SELECT 1 FROM email_suppressions es
      WHERE lower(es.email) = lower(${email}) AND es.is_active) THEN 'suppressed'`,
  ]
  // Erased after unsubscribing or bouncing: only mail the person asks for again still goes.
  if (emailType !== 'confirmation' && emailType !== 'reply')
    checks.push(sql`WHEN EXISTS (SELECT 1 FROM erased_addresses ea
      WHERE ea.address_hash = ${erasedHashOf(email)}) THEN 'erased'`)
  if (isBulk && (emailType === 'newsletter' || emailType === 'sequence'))
    checks.push(
      sql`WHEN NOT EXISTS (SELECT 1 FROM newsletter_subscribers s
        WHERE lower(s.email) = lower(${email}) AND ${receivesNewsletter('s')})
        THEN 'not a confirmed newsletter subscriber'`,
      sql`WHEN EXISTS (SELECT 1 FROM email_preferences p
        WHERE lower(p.email) = lower(${email}) AND p.newsletter_enabled IS false)
        THEN 'newsletter turned off in preferences'`,
    )
  if (isBulk && emailType === 'broadcast')
    checks.push(sql`WHEN EXISTS (SELECT 1 FROM email_preferences p
      WHERE lower(p.email) = lower(${email}) AND p.updates_enabled IS false)
      THEN 'updates turned off in preferences'`)
  return sql`(CASE ${sql.join(checks, sql` `)} END)::text`
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
