import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PgColumn } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { Payload } from 'payload'

import {
  bare,
  contact_messages,
  newsletter_subscriber_days,
  waitlist_line_counts,
  waitlist_line_hours,
} from '@/db'
import { PRODUCTS } from '@/lib/constants'
import { selectRows } from '@/services/admin/paging'

import { dayCounts, topPages, topValues, totalCount, valueCounts } from './events'
import { productFunnels } from './funnel'
import { boundsOf, type DateRange, datesOf } from './range'

export const SCROLL_DEPTHS = [25, 50, 75, 90] as const
export { DIRECT } from './rollup'

type DayCount = { date: string; count: number }
const byKey = (rows: (DayCount & { product?: string })[]) =>
  new Map(rows.map((row) => [`${row.date}|${row.product ?? ''}`, row.count]))

/**
 * The dashboard's charts over a range of UTC days, each series filled with zeros for quiet days:
 * one grouped query per chart, plus one for the totals and one for the funnels. Every figure from
 * engagement events is read from their rollups (decision 0195); the signups and subscribers by
 * day and in total from the counters their triggers keep (decisions 0235, 0255), not a count of
 * the people.
 */
export const overview = async (payload: Payload, range: DateRange) => {
  const dates = datesOf(range)
  const { since, until } = boundsOf(range)
  const span = { since, until }
  const h = waitlist_line_hours
  const nd = newsletter_subscriber_days
  const c = contact_messages
  // The range's days (since and until are UTC midnights).
  const onDays = (column: PgColumn) =>
    sql`${bare(column)} >= ${since.slice(0, 10)}::date AND ${bare(column)} < ${until.slice(0, 10)}::date`
  const [
    signups,
    newsletter,
    pageViews,
    pages,
    scroll,
    [totals],
    pageViewTotal,
    sources,
    campaigns,
    devices,
    funnels,
  ] = await Promise.all([
    selectRows<DayCount & { product: string }>(
      payload,
      sql`SELECT to_char(to_timestamp(${bare(h.hour)}::double precision * 3600) AT TIME ZONE 'UTC',
          'YYYY-MM-DD') AS date, ${bare(h.product)}, sum(${bare(h.entries)})::int AS count
        FROM ${h} WHERE ${bare(h.product)} IN (${sql.join(
          PRODUCTS.map((product) => sql`${product}`),
          sql`, `,
        )})
          AND ${bare(h.hour)} >= waitlist_line_hour(${since}::timestamptz)
          AND ${bare(h.hour)} < waitlist_line_hour(${until}::timestamptz)
        GROUP BY 1, 2`,
    ),
    selectRows<DayCount>(
      payload,
      sql`SELECT to_char(${bare(nd.day)}, 'YYYY-MM-DD') AS date, sum(${bare(nd.subscribers)})::int AS count
        FROM ${nd} WHERE ${onDays(nd.day)} GROUP BY 1`,
    ),
    dayCounts(payload, 'views', span),
    topPages(payload, since, until),
    valueCounts(payload, 'scroll', span),
    selectRows<Record<string, number>>(
      payload,
      // The waitlist's size from the line counters its triggers keep (decision 0124), not a count.
      sql`SELECT (SELECT coalesce(sum(${bare(waitlist_line_counts.entries)}), 0)
          FROM ${waitlist_line_counts})::int AS waitlist,
        (SELECT coalesce(sum(${bare(nd.subscribers)}), 0) FROM ${nd})::int AS newsletter,
        (SELECT coalesce(sum(${bare(nd.subscribers)}), 0) FROM ${nd}
          WHERE ${bare(nd.day)} < ${since.slice(0, 10)}::date)::int AS "newsletterBefore",
        (SELECT count(*) FROM ${c})::int AS contacts,
        (SELECT count(*) FROM ${c} WHERE ${bare(c.status)} = 'unread')::int AS "unreadContacts"`,
    ),
    totalCount(payload, 'views', span),
    // Where page views came from (decision 0111): the link's UTM source, else the other site.
    topValues(payload, 'source', span),
    topValues(payload, 'campaign', span, { withoutNull: true }),
    topValues(payload, 'device', span),
    productFunnels(payload, since, until),
  ])

  const signupCounts = byKey(signups)
  const newsletterCounts = byKey(newsletter)
  const pageViewCounts = byKey(pageViews)
  const depthCounts = new Map(scroll.map((row) => [Number(row.label), row.count]))
  return {
    days: dates.length,
    from: range.from,
    to: range.to,
    signupsByDay: dates.flatMap((date) =>
      PRODUCTS.map((product) => ({
        date,
        product,
        count: signupCounts.get(`${date}|${product}`) ?? 0,
      })),
    ),
    newsletterByDay: dates.map((date) => ({ date, count: newsletterCounts.get(`${date}|`) ?? 0 })),
    /** Subscribers who joined before the range: where its growth line starts. */
    newsletterBefore: totals.newsletterBefore,
    pageViewsByDay: dates.map((date) => ({ date, count: pageViewCounts.get(`${date}|`) ?? 0 })),
    topPages: pages,
    scrollDepth: SCROLL_DEPTHS.map((depth) => ({ depth, count: depthCounts.get(depth) ?? 0 })),
    sources,
    campaigns,
    devices,
    funnels,
    totals: {
      waitlist: totals.waitlist,
      newsletter: totals.newsletter,
      contacts: totals.contacts,
      unreadContacts: totals.unreadContacts,
      pageViews: pageViewTotal,
    },
  }
}
