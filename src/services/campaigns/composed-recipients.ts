import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'

import { alias, bare, email_preferences, newsletter_subscribers, waitlist_entries } from '@/db'
import type { RecipientType } from '@/schemas/ai'

import { receivesNewsletter } from '../email/eligibility'

const w = alias(waitlist_entries, 'w')
const s = alias(newsletter_subscribers, 's')
const p = alias(email_preferences, 'p')

/**
 * Who a composer group send reaches, as SQL: addresses lower-cased, with whether the person opted
 * out of this kind of email. Newsletters go to confirmed subscribers who kept the newsletter
 * preference; waitlist broadcasts respect the "updates" preference. A campaign's job reads it a
 * batch at a time (services/campaigns/queue-campaign.ts); an address may appear more than once.
 */
export const audienceSql = (type: RecipientType, to?: string): SQL => {
  const waitlist = (where: SQL) => sql`
    SELECT lower(${w.email}) AS email, coalesce(${p.updatesEnabled}, true) = false AS opted_out
    FROM ${waitlist_entries} ${w} LEFT JOIN ${email_preferences} ${p} ON lower(${p.email}) = lower(${w.email})
    WHERE ${where}`
  switch (type) {
    case 'individual':
      return sql`SELECT lower(${to ?? ''}::text) AS email, false AS opted_out`
    case 'all-newsletter':
      return sql`
        SELECT lower(${s.email}) AS email, coalesce(${p.newsletterEnabled}, true) = false AS opted_out
        FROM ${newsletter_subscribers} ${s}
        LEFT JOIN ${email_preferences} ${p} ON lower(${p.email}) = lower(${s.email})
        WHERE ${receivesNewsletter('s')}`
    case 'all-active':
      return waitlist(sql`${w.status} = 'active'`)
    case 'all-inactive':
      return waitlist(sql`${w.status} = 'inactive'`)
    case 'all-waitlist':
      return waitlist(sql`${w.status} IN ('active', 'inactive')`)
  }
}

/** How many distinct addresses the audience has now (the campaign's total until it is queued). */
export const countAudienceSql = (type: RecipientType): SQL =>
  sql`SELECT count(DISTINCT a.${bare(waitlist_entries.email)})::int AS n FROM (${audienceSql(type)}) a
    WHERE a.${bare(waitlist_entries.email)} <> ''`
