import { randomBytes } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { senderEmail, unsubscribeMailbox } from '@/lib/email/addresses'
import { serverUrl } from '@/lib/env'

export const newToken = () => randomBytes(24).toString('base64url')

/**
 * The address's unsubscribe token (its email-preferences row is created on first use, all kinds
 * of mail on). The token is the only key to that person's preferences page.
 */
export const unsubscribeTokenFor = async (payload: Payload, email: string): Promise<string> => {
  const address = email.toLowerCase()
  const result = await payload.db.drizzle.execute(sql`
    WITH inserted AS (
      INSERT INTO email_preferences (email, unsubscribe_token, last_updated)
      SELECT ${address}, ${newToken()}, now()
      WHERE NOT EXISTS (SELECT 1 FROM email_preferences WHERE lower(email) = ${address})
      ON CONFLICT DO NOTHING
      RETURNING unsubscribe_token)
    SELECT unsubscribe_token FROM inserted
    UNION ALL
    SELECT unsubscribe_token FROM email_preferences WHERE lower(email) = ${address}
    LIMIT 1`)
  const token = (result.rows[0] as { unsubscribe_token: string | null } | undefined)
    ?.unsubscribe_token
  if (token) return token
  // A row made elsewhere without a token gets one now.
  const fresh = newToken()
  await payload.db.drizzle.execute(sql`
    UPDATE email_preferences SET unsubscribe_token = ${fresh}
    WHERE lower(email) = ${address} AND unsubscribe_token IS NULL`)
  return unsubscribeTokenFor(payload, email)
}

export const unsubscribeUrl = (token: string) =>
  `${serverUrl()}/api/email/unsubscribe?token=${encodeURIComponent(token)}`

/** RFC 2369 / RFC 8058 headers of every newsletter, broadcast and sequence email. */
export const listUnsubscribeHeaders = (token: string): Record<string, string> => ({
  'List-Unsubscribe': `<${unsubscribeUrl(token)}>, <mailto:${unsubscribeMailbox()}?subject=unsubscribe%20${encodeURIComponent(token)}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  'List-Id': `Starfinity <news.${senderEmail().split('@')[1] ?? 'localhost'}>`,
})
