import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { PRODUCTS } from '@/lib/constants'

import { selectRows } from './paging'

export const SCROLL_DEPTHS = [25, 50, 75, 90] as const
/** The source of a page view with neither UTM tags nor another site's referrer. */
export const DIRECT = 'Direct'
const DAY_MS = 24 * 60 * 60 * 1000

/** The UTC dates of the last `days` days, oldest first, today included. */
const dateRange = (days: number): string[] => {
  const today = Date.UTC(
    new Date().getUTCFullYear(),
    new Date().getUTCMonth(),
    new Date().getUTCDate(),
  )
  return Array.from({ length: days }, (_, index) =>
    new Date(today - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  )
}

type DayCount = { date: string; count: number }
const byKey = (rows: (DayCount & { product?: string })[]) =>
  new Map(rows.map((row) => [`${row.date}|${row.product ?? ''}`, row.count]))

/**
 * The dashboard's charts over the last `days` days (UTC), each series filled with zeros for quiet
 * days: one grouped query per chart, plus one for the totals.
 */
export const overview = async (payload: Payload, days: number) => {
  const dates = dateRange(days)
  const since = `${dates[0]}T00:00:00.000Z`
  const day = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`)

  const pageViewsSince = sql`event_type = 'page_view' AND created_at >= ${since}`
  const top = (label: SQL, where: SQL = sql`true`) =>
    selectRows<{ label: string; count: number }>(
      payload,
      sql`SELECT ${label} AS label, count(*)::int AS count FROM engagement_events
        WHERE ${pageViewsSince} AND ${where} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 10`,
    )
  const [signups, newsletter, pageViews, topPages, scroll, [totals], sources, campaigns, devices] =
    await Promise.all([
      selectRows<DayCount & { product: string }>(
        payload,
        sql`SELECT ${day('joined_at')} AS date, product, count(*)::int AS count
        FROM waitlist_entries WHERE joined_at >= ${since} GROUP BY 1, 2`,
      ),
      selectRows<DayCount>(
        payload,
        sql`SELECT ${day('subscribed_at')} AS date, count(*)::int AS count
        FROM newsletter_subscribers WHERE subscribed_at >= ${since} GROUP BY 1`,
      ),
      selectRows<DayCount>(
        payload,
        sql`SELECT ${day('created_at')} AS date, count(*)::int AS count FROM engagement_events
        WHERE event_type = 'page_view' AND created_at >= ${since} GROUP BY 1`,
      ),
      selectRows<{ page: string; count: number }>(
        payload,
        sql`SELECT page, count(*)::int AS count FROM engagement_events
        WHERE event_type = 'page_view' AND created_at >= ${since} AND page IS NOT NULL
        GROUP BY page ORDER BY count DESC, page LIMIT 10`,
      ),
      // eventData is JSON text written by visitors: read the depth with a pattern, never a cast
      // that one malformed row would make fail.
      selectRows<{ depth: number; count: number }>(
        payload,
        sql`SELECT substring(event_data from '"depth"\\s*:\\s*(\\d{1,3})')::int AS depth,
        count(*)::int AS count FROM engagement_events
        WHERE event_type = 'scroll' AND created_at >= ${since} GROUP BY 1`,
      ),
      selectRows<Record<string, number>>(
        payload,
        sql`SELECT (SELECT count(*) FROM waitlist_entries)::int AS waitlist,
        (SELECT count(*) FROM newsletter_subscribers)::int AS newsletter,
        (SELECT count(*) FROM contact_messages)::int AS contacts,
        (SELECT count(*) FROM contact_messages WHERE status = 'unread')::int AS "unreadContacts",
        (SELECT count(*) FROM engagement_events
          WHERE event_type = 'page_view' AND created_at >= ${since})::int AS "pageViews"`,
      ),
      // Where page views came from (decision 0111): the link's UTM source, else the other site.
      top(sql`coalesce(utm_source, referrer_host, ${DIRECT})`),
      top(sql`utm_campaign`, sql`utm_campaign IS NOT NULL`),
      top(sql`coalesce(device_type, 'other')`),
    ])

  const signupCounts = byKey(signups)
  const newsletterCounts = byKey(newsletter)
  const pageViewCounts = byKey(pageViews)
  const depthCounts = new Map(scroll.map((row) => [row.depth, row.count]))
  return {
    days,
    signupsByDay: dates.flatMap((date) =>
      PRODUCTS.map((product) => ({
        date,
        product,
        count: signupCounts.get(`${date}|${product}`) ?? 0,
      })),
    ),
    newsletterByDay: dates.map((date) => ({ date, count: newsletterCounts.get(`${date}|`) ?? 0 })),
    pageViewsByDay: dates.map((date) => ({ date, count: pageViewCounts.get(`${date}|`) ?? 0 })),
    topPages,
    scrollDepth: SCROLL_DEPTHS.map((depth) => ({ depth, count: depthCounts.get(depth) ?? 0 })),
    sources,
    campaigns,
    devices,
    totals: {
      waitlist: totals.waitlist,
      newsletter: totals.newsletter,
      contacts: totals.contacts,
      unreadContacts: totals.unreadContacts,
      pageViews: totals.pageViews,
    },
  }
}
