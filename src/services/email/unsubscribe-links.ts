import { randomBytes } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { bare, email_preferences } from '@/db'
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
    WITH added AS (
      INSERT INTO ${email_preferences} (${bare(email_preferences.email, email_preferences.unsubscribeToken, email_preferences.lastUpdated)})
      SELECT ${address}, ${newToken()}, now()
      WHERE NOT EXISTS (SELECT 1 FROM ${email_preferences} WHERE lower(${bare(email_preferences.email)}) = ${address})
      ON CONFLICT DO NOTHING
      RETURNING ${bare(email_preferences.unsubscribeToken)})
    SELECT ${bare(email_preferences.unsubscribeToken)} FROM added
    UNION ALL
    SELECT ${bare(email_preferences.unsubscribeToken)} FROM ${email_preferences} WHERE lower(${bare(email_preferences.email)}) = ${address}
    LIMIT 1`)
  const token = (result.rows[0] as { unsubscribe_token: string | null } | undefined)
    ?.unsubscribe_token
  if (token) return token
  // A row made elsewhere without a token gets one now.
  const fresh = newToken()
  await payload.db.drizzle.execute(sql`
    UPDATE ${email_preferences} SET ${bare(email_preferences.unsubscribeToken)} = ${fresh}
    WHERE lower(${bare(email_preferences.email)}) = ${address} AND ${bare(email_preferences.unsubscribeToken)} IS NULL`)
  return unsubscribeTokenFor(payload, email)
}

/**
 * The unsubscribe tokens of many addresses in one statement (a campaign's batch), lower-cased
 * address to token: the missing preferences rows are created as unsubscribeTokenFor creates one.
 * An address whose row has no token is left out (unsubscribeTokenFor gives it one).
 */
export const unsubscribeTokensFor = async (
  payload: Payload,
  emails: string[],
): Promise<Map<string, string>> => {
  const addresses = [...new Set(emails.map((email) => email.toLowerCase()))]
  if (addresses.length === 0) return new Map()
  const p = email_preferences
  const result = await payload.db.drizzle.execute(sql`
    WITH wanted AS (
      SELECT * FROM unnest(${sql.param(addresses)}::text[], ${sql.param(addresses.map(() => newToken()))}::text[])
        AS w (${bare(p.email)}, fresh)),
    added AS (
      INSERT INTO ${p} (${bare(p.email, p.unsubscribeToken, p.lastUpdated)})
      SELECT w.${bare(p.email)}, w.fresh, now() FROM wanted w
      WHERE NOT EXISTS (SELECT 1 FROM ${p} WHERE lower(${p.email}) = w.${bare(p.email)})
      ON CONFLICT DO NOTHING
      RETURNING ${bare(p.email, p.unsubscribeToken)})
    SELECT ${bare(p.email, p.unsubscribeToken)} FROM added
    UNION ALL
    SELECT lower(${p.email}), ${p.unsubscribeToken} FROM ${p}
      JOIN wanted w ON lower(${p.email}) = w.${bare(p.email)}
    WHERE ${p.unsubscribeToken} IS NOT NULL`)
  return new Map(
    (result.rows as { email: string; unsubscribe_token: string }[]).map((row) => [
      row.email,
      row.unsubscribe_token,
    ]),
  )
}

export const unsubscribeUrl = (token: string) =>
  `${serverUrl()}/api/email/unsubscribe?token=${encodeURIComponent(token)}`

/** RFC 2369 / RFC 8058 headers of every newsletter, broadcast and sequence email. */
export const listUnsubscribeHeaders = (token: string): Record<string, string> => ({
  'List-Unsubscribe': `<${unsubscribeUrl(token)}>, <mailto:${unsubscribeMailbox()}?subject=unsubscribe%20${encodeURIComponent(token)}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  'List-Id': `Starfinity <news.${senderEmail().split('@')[1] ?? 'localhost'}>`,
})
