import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import {
  bare,
  contact_messages,
  newsletter_subscribers,
  parent_engagements,
  waitlist_entries,
} from '@/db'
import { PRODUCTS, type Product } from '@/lib/constants'
import type { VitalMetric } from '@/lib/vitals'

import { topPages, totalCount } from './events'
import { rangeOf } from './range'
import { speedFigures } from './speed'
import {
  PERIODS,
  type PeriodCounts,
  percent,
  periodCountColumns,
  periodStarts,
  toPeriodCounts,
} from './periods'
import { withoutEmails } from './without-emails'

/**
 * The audience figures the dashboard's analytics answers are built on, computed with SQL. Counts
 * and labels only: no addresses, names or message text, so the whole object may go into a prompt.
 */
export type AudienceMetrics = {
  generatedAt: string
  waitlist: {
    signups: PeriodCounts
    byStatus: { active: number; inactive: number }
    byProduct: Record<Product, PeriodCounts & { active: number; inactive: number }>
    referralSources: { source: string; count: number }[]
  }
  newsletter: { signups: PeriodCounts; confirmed: number }
  contacts: { received: PeriodCounts; unread: number; read: number; replied: number }
  parentInsights: { received: PeriodCounts }
  pageViews: { views: PeriodCounts; topPagesLast30Days: { page: string; count: number }[] }
  /** Waitlist and newsletter signups per 100 page views. */
  conversion: { last7DaysPercent: number; last30DaysPercent: number }
  /** Real visitors' speed over the last 30 days (the dashboard's Speed tab, decision 0222). */
  speedLast30Days: {
    about: string
    byRouteAndDevice: {
      route: string
      device: string
      views: number
      lcpMs: number | null
      inpMs: number | null
      cls: number | null
      fcpMs: number | null
      ttfbMs: number | null
    }[]
  }
}

type Row = Record<string, unknown>

export const computeAudienceMetrics = async (
  payload: Payload,
  now = new Date(),
): Promise<AudienceMetrics> => {
  const run = async (query: ReturnType<typeof sql>) =>
    (await payload.db.drizzle.execute(query)).rows as Row[]
  const w = waitlist_entries
  const n = newsletter_subscribers
  const c = contact_messages
  const starts: Record<string, Date | undefined> = periodStarts(now)
  // Page views from the rollups (decision 0195), one count a period.
  const viewCounts = Promise.all(
    PERIODS.map((period) => totalCount(payload, 'views', { since: starts[period]?.toISOString() })),
  )
  const [
    waitlistRows,
    referralRows,
    newsletterRows,
    contactRows,
    parentRows,
    viewRow,
    pageRows,
    speed,
  ] = await Promise.all([
    run(sql`SELECT ${bare(w.product)}::text AS product, ${periodCountColumns(w.joinedAt, now)},
          count(*) FILTER (WHERE ${bare(w.status)} = 'active') AS active,
          count(*) FILTER (WHERE ${bare(w.status)} = 'inactive') AS inactive
        FROM ${w} GROUP BY ROLLUP (${bare(w.product)})`),
    run(sql`SELECT coalesce(nullif(trim(${bare(w.referralSource)}), ''), 'Not given') AS source,
          count(*) AS count
        FROM ${w} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 10`),
    run(sql`SELECT ${periodCountColumns(n.subscribedAt, now)},
          count(*) FILTER (WHERE ${bare(n.doubleOptInConfirmed)}) AS confirmed
        FROM ${n}`),
    run(sql`SELECT ${periodCountColumns(c.submittedAt, now)},
          count(*) FILTER (WHERE ${bare(c.status)} = 'unread') AS unread,
          count(*) FILTER (WHERE ${bare(c.status)} = 'read') AS read,
          count(*) FILTER (WHERE ${bare(c.status)} = 'replied') AS replied
        FROM ${c}`),
    run(sql`SELECT ${periodCountColumns(parent_engagements.submittedAt, now)}
        FROM ${parent_engagements}`),
    viewCounts.then((counts) =>
      Object.fromEntries(PERIODS.map((period, index) => [period, counts[index]])),
    ),
    topPages(payload, new Date(now.getTime() - 30 * 86_400_000).toISOString()),
    speedFigures(payload, rangeOf({ days: 30 }, now)),
  ])

  const total = waitlistRows.find((row) => row.product === null)
  const byProduct = Object.fromEntries(
    PRODUCTS.map((product) => {
      const row = waitlistRows.find((candidate) => candidate.product === product)
      return [
        product,
        {
          ...toPeriodCounts(row),
          active: Number(row?.active ?? 0),
          inactive: Number(row?.inactive ?? 0),
        },
      ]
    }),
  ) as AudienceMetrics['waitlist']['byProduct']
  const waitlist = toPeriodCounts(total)
  const newsletter = toPeriodCounts(newsletterRows[0])
  const views = toPeriodCounts(viewRow)

  return {
    generatedAt: now.toISOString(),
    waitlist: {
      signups: waitlist,
      byStatus: { active: Number(total?.active ?? 0), inactive: Number(total?.inactive ?? 0) },
      byProduct,
      referralSources: referralRows.map((row) => ({
        source: withoutEmails(String(row.source)),
        count: Number(row.count),
      })),
    },
    newsletter: { signups: newsletter, confirmed: Number(newsletterRows[0]?.confirmed ?? 0) },
    contacts: {
      received: toPeriodCounts(contactRows[0]),
      unread: Number(contactRows[0]?.unread ?? 0),
      read: Number(contactRows[0]?.read ?? 0),
      replied: Number(contactRows[0]?.replied ?? 0),
    },
    parentInsights: { received: toPeriodCounts(parentRows[0]) },
    pageViews: {
      views,
      topPagesLast30Days: pageRows.map((row) => ({
        page: withoutEmails(String(row.page)),
        count: Number(row.count),
      })),
    },
    conversion: {
      last7DaysPercent: percent(waitlist.last7Days + newsletter.last7Days, views.last7Days),
      last30DaysPercent: percent(waitlist.last30Days + newsletter.last30Days, views.last30Days),
    },
    speedLast30Days: {
      about: `75th percentile of real page views (UTC days ${speed.from} to ${speed.to}); devices are mobile (phones), tablet and desktop; null: fewer than ${speed.minSamples} views measured. Good up to / poor above: LCP 2500/4000 ms, INP 200/500 ms, CLS 0.1/0.25, FCP 1800/3000 ms, TTFB 800/1800 ms.`,
      byRouteAndDevice: speed.rows.map((row) => {
        const p75 = (metric: VitalMetric) => {
          const value = row.metrics[metric].p75
          return value === null
            ? null
            : metric === 'cls'
              ? Number(value.toFixed(3))
              : Math.round(value)
        }
        return {
          route: row.route,
          device: row.device,
          views: row.views,
          lcpMs: p75('lcp'),
          inpMs: p75('inp'),
          cls: p75('cls'),
          fcpMs: p75('fcp'),
          ttfbMs: p75('ttfb'),
        }
      }),
    },
  }
}
