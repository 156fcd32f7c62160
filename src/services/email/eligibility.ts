import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { erasedAddressHash } from '@/lib/anonymize'
import type { EMAIL_TYPES } from '@/lib/constants'

type EmailType = (typeof EMAIL_TYPES)[number]

/**
 * Why a message must not go to this address, or null when it may. Every address is checked
 * against both suppression tables; an erased address (docs/decisions/0112) gets only what the
 * person asked for again (a confirmation, a reply); newsletters and sequence mail need a confirmed
 * subscriber who kept the newsletter preference; broadcasts respect the "updates" preference. Mail
 * to one person (replies, confirmations, welcome, individual sends) checks suppression only.
 */
export const skipReason = async (
  payload: Payload,
  email: string,
  emailType: EmailType,
  isBulk: boolean,
  /** The caller's transaction, when there is one (never a second connection while holding one). */
  db: Pick<Payload['db']['drizzle'], 'execute'> = payload.db.drizzle,
): Promise<string | null> => {
  const result = await db.execute(sql`
    SELECT
      EXISTS (SELECT 1 FROM email_suppressions es WHERE lower(es.email) = lower(${email}) AND es.is_active)
        OR EXISTS (SELECT 1 FROM suppressed_emails se WHERE lower(se.email) = lower(${email})) AS suppressed,
      EXISTS (SELECT 1 FROM erased_addresses ea WHERE ea.address_hash = ${erasedAddressHash(email)}) AS erased,
      EXISTS (
        SELECT 1 FROM newsletter_subscribers s
        WHERE lower(s.email) = lower(${email}) AND s.double_opt_in_confirmed AND EXISTS (
          SELECT 1 FROM newsletter_subscribers_texts t
          WHERE t.parent_id = s.id AND t.path = 'emailPreferences' AND t.text = 'newsletter')
      ) AS confirmed,
      coalesce((SELECT bool_and(p.newsletter_enabled IS NOT false) FROM email_preferences p
        WHERE lower(p.email) = lower(${email})), true) AS newsletter,
      coalesce((SELECT bool_and(p.updates_enabled IS NOT false) FROM email_preferences p
        WHERE lower(p.email) = lower(${email})), true) AS updates`)
  const row = result.rows[0] as {
    suppressed: boolean
    erased: boolean
    confirmed: boolean
    newsletter: boolean
    updates: boolean
  }
  if (row.suppressed) return 'suppressed'
  // Erased after unsubscribing or bouncing: only mail the person asks for again still goes.
  if (row.erased && emailType !== 'confirmation' && emailType !== 'reply') return 'erased'
  if (!isBulk) return null
  if (emailType === 'newsletter' || emailType === 'sequence') {
    if (!row.confirmed) return 'not a confirmed newsletter subscriber'
    if (!row.newsletter) return 'newsletter turned off in preferences'
  }
  if (emailType === 'broadcast' && !row.updates) return 'updates turned off in preferences'
  return null
}
