import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { PgColumn } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { Payload } from 'payload'

import {
  bare,
  contact_messages,
  engagement_events,
  newsletter_subscribers,
  waitlist_entries,
  waitlist_line_counts,
} from '@/db'
import { PRODUCTS } from '@/lib/constants'
import { selectRows } from '@/services/admin/paging'

import { productFunnels } from './funnel'
import { topPages } from './pages'
import { boundsOf, type DateRange, datesOf } from './range'

export const SCROLL_DEPTHS = [25, 50, 75, 90] as const
/** The source of a page view with neither UTM tags nor another site's referrer. */
export const DIRECT = 'Direct'

type DayCount = { date: string; count: number }
const byKey = (rows: (DayCount & { product?: string })[]) =>
  new Map(rows.map((row) => [`${row.date}|${row.product ?? ''}`, row.count]))

/**
 * The dashboard's charts over a range of UTC days, each series filled with zeros for quiet days:
 * one grouped query per chart, plus one for the totals and one for the funnels.
 */
export const overview = async (payload: Payload, range: DateRange) => {
  const dates = datesOf(range)
  const { since, until } = boundsOf(range)
  const day = (column: PgColumn) => sql`to_char(${bare(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`
  const within = (column: PgColumn) =>
    sql`${bare(column)} >= ${since} AND ${bare(column)} < ${until}`
  const e = engagement_events
  const w = waitlist_entries
  const n = newsletter_subscribers
  const c = contact_messages

  const pageViewsInRange = sql`${bare(e.eventType)} = 'page_view' AND ${within(e.createdAt)}`
  const top = (label: SQL, where: SQL = sql`true`) =>
    selectRows<{ label: string; count: number }>(
      payload,
      sql`SELECT ${label} AS label, count(*)::int AS count FROM ${e}
        WHERE ${pageViewsInRange} AND ${where} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 10`,
    )
  const [
    signups,
    newsletter,
    pageViews,
    pages,
    scroll,
    [totals],
    sources,
    campaigns,
    devices,
    funnels,
  ] = await Promise.all([
    selectRows<DayCount & { product: string }>(
      payload,
      sql`SELECT ${day(w.joinedAt)} AS date, ${bare(w.product)}, count(*)::int AS count
        FROM ${w} WHERE ${within(w.joinedAt)} GROUP BY 1, 2`,
    ),
    selectRows<DayCount>(
      payload,
      sql`SELECT ${day(n.subscribedAt)} AS date, count(*)::int AS count
        FROM ${n} WHERE ${within(n.subscribedAt)} GROUP BY 1`,
    ),
    selectRows<DayCount>(
      payload,
      sql`SELECT ${day(e.createdAt)} AS date, count(*)::int AS count FROM ${e}
        WHERE ${pageViewsInRange} GROUP BY 1`,
    ),
    topPages(payload, since, until),
    // eventData is JSON text written by visitors: read the depth with a pattern, never a cast
    // that one malformed row would make fail.
    selectRows<{ depth: number; count: number }>(
      payload,
      sql`SELECT substring(${bare(e.eventData)} FROM '"depth"\\s*:\\s*(\\d{1,3})')::int AS depth,
        count(*)::int AS count FROM ${e}
        WHERE ${bare(e.eventType)} = 'scroll' AND ${within(e.createdAt)} GROUP BY 1`,
    ),
    selectRows<Record<string, number>>(
      payload,
      // The waitlist's size from the line counters its triggers keep (decision 0124), not a count.
      sql`SELECT (SELECT coalesce(sum(${bare(waitlist_line_counts.entries)}), 0)
          FROM ${waitlist_line_counts})::int AS waitlist,
        (SELECT count(*) FROM ${n})::int AS newsletter,
        (SELECT count(*) FROM ${n} WHERE ${bare(n.subscribedAt)} < ${since})::int
          AS "newsletterBefore",
        (SELECT count(*) FROM ${c})::int AS contacts,
        (SELECT count(*) FROM ${c} WHERE ${bare(c.status)} = 'unread')::int AS "unreadContacts",
        (SELECT count(*) FROM ${e} WHERE ${pageViewsInRange})::int AS "pageViews"`,
    ),
    // Where page views came from (decision 0111): the link's UTM source, else the other site.
    top(sql`coalesce(${bare(e.utmSource)}, ${bare(e.referrerHost)}, ${DIRECT})`),
    top(bare(e.utmCampaign), sql`${bare(e.utmCampaign)} IS NOT NULL`),
    top(sql`coalesce(${bare(e.deviceType)}, 'other')`),
    productFunnels(payload, since, until),
  ])

  const signupCounts = byKey(signups)
  const newsletterCounts = byKey(newsletter)
  const pageViewCounts = byKey(pageViews)
  const depthCounts = new Map(scroll.map((row) => [row.depth, row.count]))
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
      pageViews: totals.pageViews,
    },
  }
}
