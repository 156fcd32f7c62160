import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { alias, newsletter_subscribers } from '@/db'
import { NEWSLETTER_RECENT_DAYS } from '@/lib/constants'

import { type Row, allOf, containsPattern, isoDate, pagedList, selectRows } from './paging'

const s = alias(newsletter_subscribers, 's')

export type SubscriberView = {
  id: number
  email: string
  firstName: string | null
  subscribedAt: string | null
  interests: string[]
  consentSource: string | null
  doubleOptInConfirmed: boolean
  emailPreferences: string[]
}

export const toSubscriber = (row: Row): SubscriberView => ({
  id: Number(row.id),
  email: String(row.email),
  firstName: (row.firstName as string | null) ?? null,
  subscribedAt: isoDate(row.subscribedAt),
  interests: (row.interests as string[] | null) ?? [],
  consentSource: (row.consentSource as string | null) ?? null,
  doubleOptInConfirmed: Boolean(row.doubleOptInConfirmed),
  emailPreferences: (row.emailPreferences as string[] | null) ?? [],
})

export const SUBSCRIBER_COLUMNS = sql`${s.id}, ${s.email}, ${s.firstName} AS "firstName",
  ${s.subscribedAt} AS "subscribedAt", coalesce(${s.interests}, '[]') AS interests,
  ${s.consentSource} AS "consentSource", ${s.doubleOptInConfirmed} AS "doubleOptInConfirmed",
  coalesce(${s.emailPreferences}, '[]') AS "emailPreferences"`

/** The subscribers with their alias, for SUBSCRIBER_COLUMNS. */
export const SUBSCRIBERS = sql`${newsletter_subscribers} ${s}`

export const listSubscribers = (
  payload: Payload,
  query: { search?: string; page: number; limit: number },
) => {
  const pattern = query.search ? containsPattern(query.search) : undefined
  return pagedList(payload, {
    select: SUBSCRIBER_COLUMNS,
    from: SUBSCRIBERS,
    key: sql`${s.id}`,
    where: allOf([
      pattern ? sql`(${s.email} ILIKE ${pattern} OR ${s.firstName} ILIKE ${pattern})` : undefined,
    ]),
    orderBy: sql`${s.subscribedAt} DESC, ${s.id} DESC`,
    page: query.page,
    limit: query.limit,
    search: Boolean(pattern),
    shape: toSubscriber,
  })
}

export const newsletterStats = async (payload: Payload) => {
  const [row] = await selectRows<{ total: number; recentSignups: number }>(
    payload,
    // Two index-only counts (decision 0235): the recent ones a range of the subscribedAt index,
    // not a filter over every row.
    sql`SELECT (SELECT count(*) FROM ${SUBSCRIBERS})::int AS total,
      (SELECT count(*) FROM ${SUBSCRIBERS}
        WHERE ${s.subscribedAt} >= now() - make_interval(days => ${NEWSLETTER_RECENT_DAYS}))::int
        AS "recentSignups"`,
  )
  return row
}
