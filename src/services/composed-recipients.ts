import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import type { RecipientType } from '@/schemas/ai'

import { receivesNewsletter } from './email/eligibility'

export type Recipient = { email: string; isBlocked: boolean }

/**
 * Who a composer send reaches, as SQL: one row per address (lower-cased), with whether the person
 * opted out of this kind of email. Newsletters go to confirmed subscribers who kept the newsletter
 * preference; waitlist broadcasts respect the "updates" preference.
 */
const audience = (type: RecipientType, to?: string): SQL => {
  const waitlist = (where: SQL) => sql`
    SELECT lower(w.email) AS email, coalesce(p.updates_enabled, true) = false AS opted_out
    FROM waitlist_entries w LEFT JOIN email_preferences p ON lower(p.email) = lower(w.email)
    WHERE ${where}`
  switch (type) {
    case 'individual':
      return sql`SELECT lower(${to ?? ''}::text) AS email, false AS opted_out`
    case 'all-newsletter':
      return sql`
        SELECT lower(s.email) AS email, coalesce(p.newsletter_enabled, true) = false AS opted_out
        FROM newsletter_subscribers s LEFT JOIN email_preferences p ON lower(p.email) = lower(s.email)
        WHERE ${receivesNewsletter('s')}`
    case 'all-active':
      return waitlist(sql`w.status = 'active'`)
    case 'all-inactive':
      return waitlist(sql`w.status = 'inactive'`)
    case 'all-waitlist':
      return waitlist(sql`w.status IN ('active', 'inactive')`)
  }
}

/**
 * The recipients a page at a time, in address order (keyset paging), so a list of any size is
 * never loaded at once. Suppressed addresses (active suppression-list entries, the simple
 * suppression table) are marked blocked by the same query.
 */
export async function* recipientPages(
  payload: Payload,
  type: RecipientType,
  to?: string,
  pageSize = 500,
): AsyncGenerator<Recipient[]> {
  let after = ''
  for (;;) {
    const result = await payload.db.drizzle.execute(sql`
      WITH audience AS (${audience(type, to)})
      SELECT a.email,
        bool_or(a.opted_out)
          OR EXISTS (SELECT 1 FROM email_suppressions es WHERE lower(es.email) = a.email AND es.is_active) AS blocked
      FROM audience a
      WHERE a.email > ${after} AND a.email <> ''
      GROUP BY a.email ORDER BY a.email LIMIT ${pageSize}`)
    const rows = result.rows as { email: string; blocked: boolean }[]
    if (rows.length === 0) return
    yield rows.map((row) => ({ email: row.email, isBlocked: Boolean(row.blocked) }))
    if (rows.length < pageSize) return
    after = rows[rows.length - 1].email
  }
}
