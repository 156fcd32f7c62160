import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PgColumn } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { Payload } from 'payload'

import {
  bare,
  engagement_events,
  engagement_session_days,
  engagement_visitor_days,
  engagement_waitlist_days,
  waitlist_confirmed_days,
  waitlist_line_hours,
} from '@/db'
import { DEFAULT_PRODUCT, PRODUCTS, type Product } from '@/lib/constants'
import { selectRows } from '@/services/admin/paging'

import { percent } from './periods'
import {
  isProductView,
  isWaitlistView,
  notRolledUp,
  productOf,
  reachedProducts,
  rolledFloor,
  visitorView,
} from './rollup'

export const FUNNEL_STEPS = ['visitors', 'waitlistPage', 'signups', 'confirmed'] as const
export type FunnelStep = (typeof FUNNEL_STEPS)[number]

/**
 * The steps that are a part of the step before, and so have a share of it: waitlist-page sessions
 * are visitors, confirmed signups are signups. Signups are not a part of the waitlist-page
 * sessions: people also join from the home page and the other pages' forms, and a signup carries no
 * session, so their share of the step before would say nothing (it ran to thousands of percent).
 */
const IS_PART_OF_PREVIOUS: Record<FunnelStep, boolean> = {
  visitors: false,
  waitlistPage: true,
  signups: false,
  confirmed: true,
}

/**
 * Per product, over whole UTC days from `since` to `until` (midnights): visitors (distinct tab
 * sessions with a page view; the shared "anonymous" session is no one visitor, so it is left out)
 * → sessions that viewed the product's waitlist page → waitlist signups for it → those signups
 * whose address is confirmed. The page is stored as `/waitlist` without its query: a known
 * `?product=` is read from the page's own product event; a load without one shows the default
 * product and sends only the tracker's view, so a session with more plain views of `/waitlist`
 * than product events saw the default. Signups are not tied to sessions (a signup sends no session
 * id, and it may come from any page's form): they have no share of the step before, every other
 * step has its share, at most 100 %.
 *
 * Sessions come from the daily rollups (decision 0195) plus the events not yet rolled up: the
 * visitors are the sessions of those days seen on no earlier day of the range, and those only in
 * the events not yet rolled up and on none of the range's days in the rollup.
 */
export const productFunnels = async (payload: Payload, since: string, until: string) => {
  const inRange = (column: PgColumn) =>
    sql`${bare(column)} >= ${since}::timestamptz AND ${bare(column)} < ${until}::timestamptz`
  const first = since.slice(0, 10)
  const last = new Date(Date.parse(until) - 86_400_000).toISOString().slice(0, 10)
  const e = engagement_events
  const h = waitlist_line_hours
  const cd = waitlist_confirmed_days
  const s = engagement_session_days
  const v = engagement_visitor_days
  const wd = engagement_waitlist_days
  const floor = await rolledFloor(payload)
  // Signups and confirmed signups from the counters their triggers keep (decisions 0235, 0255).
  const products = sql.join(
    PRODUCTS.map((product) => sql`${product}`),
    sql`, `,
  )
  const onDays = sql`${bare(s.date)} >= ${first}::date AND ${bare(s.date)} <= ${last}::date`
  const rows = await selectRows<{ step: FunnelStep; product: string | null; count: number }>(
    payload,
    sql`WITH unrolled AS (
        SELECT ${bare(e.sessionId)}, ${isWaitlistView} AND NOT ${isProductView} AS plain,
          ${isWaitlistView} AND ${isProductView} AS named_view,
          CASE WHEN ${isWaitlistView} AND ${isProductView} THEN ${productOf} END AS named_product
        FROM ${e} WHERE ${notRolledUp(floor)} AND ${inRange(e.createdAt)} AND ${visitorView}),
      pending AS (SELECT DISTINCT ${bare(e.sessionId)} FROM unrolled WHERE plain OR named_view),
      regrouped AS (
        SELECT ${bare(s.sessionId, s.waitlistViews, s.productViews, s.products)} FROM ${s}
        WHERE ${onDays} AND NOT ${bare(s.multiDay)}
          AND ${bare(s.sessionId)} IN (SELECT ${bare(e.sessionId)} FROM pending)),
      waitlist_visits AS (
        SELECT ${bare(s.sessionId, s.waitlistViews, s.productViews, s.products)} FROM ${s}
        WHERE ${onDays} AND ${bare(s.multiDay)}
          AND (${bare(s.waitlistViews)} > 0 OR ${bare(s.productViews)} > 0)
        UNION ALL
        SELECT * FROM regrouped
        UNION ALL
        SELECT ${bare(e.sessionId)}, plain::int, named_view::int,
          CASE WHEN named_product IS NULL THEN '{}'::text[] ELSE ARRAY[named_product] END
        FROM unrolled WHERE plain OR named_view),
      reached AS (
        SELECT ${bare(s.sessionId)}, named.named_product FROM waitlist_visits,
          unnest(${bare(s.products)}) AS named (named_product)
        UNION
        SELECT ${bare(s.sessionId)}, ${DEFAULT_PRODUCT}::text FROM waitlist_visits
        GROUP BY ${bare(s.sessionId)}
        HAVING sum(${bare(s.waitlistViews)}) > sum(${bare(s.productViews)}))
      SELECT 'visitors' AS step, NULL AS product,
        ((SELECT coalesce(sum(${bare(v.sessions)}), 0) FROM ${v}
          WHERE ${bare(v.date)} >= ${first}::date AND ${bare(v.date)} <= ${last}::date
            AND (${bare(v.previousDate)} IS NULL OR ${bare(v.previousDate)} < ${first}::date))
        + (SELECT count(DISTINCT ${bare(e.sessionId)}) FROM unrolled u WHERE NOT EXISTS (
            SELECT 1 FROM ${s} WHERE ${s.sessionId} = u.${bare(e.sessionId)} AND ${onDays})))::int AS count
      UNION ALL
      SELECT 'waitlistPage', named_product, sum(n)::int FROM (
        SELECT named_product, 1 AS n FROM reached
        UNION ALL
        SELECT ${bare(wd.product)}, ${bare(wd.sessions)} FROM ${wd}
        WHERE ${bare(wd.date)} >= ${first}::date AND ${bare(wd.date)} <= ${last}::date
        UNION ALL
        SELECT reached.named_product, -1 FROM ${s} CROSS JOIN ${reachedProducts}
        WHERE ${onDays} AND NOT ${s.multiDay}
          AND ${s.sessionId} IN (SELECT ${bare(e.sessionId)} FROM pending)) waitlist_sessions
      GROUP BY named_product
      UNION ALL
      SELECT 'signups', ${bare(h.product)}, sum(${bare(h.entries)})::int FROM ${h}
      WHERE ${bare(h.product)} IN (${products})
        AND ${bare(h.hour)} >= waitlist_line_hour(${since}::timestamptz)
        AND ${bare(h.hour)} < waitlist_line_hour(${until}::timestamptz)
      GROUP BY ${bare(h.product)}
      UNION ALL
      SELECT 'confirmed', ${bare(cd.product)}, sum(${bare(cd.entries)})::int FROM ${cd}
      WHERE ${bare(cd.product)} IN (${products})
        AND ${bare(cd.day)} >= ${first}::date AND ${bare(cd.day)} <= ${last}::date
      GROUP BY ${bare(cd.product)}`,
  )
  const countOf = (step: FunnelStep, product: Product) =>
    rows.find((row) => row.step === step && (step === 'visitors' || row.product === product))
      ?.count ?? 0
  return PRODUCTS.map((product) => {
    const counts = FUNNEL_STEPS.map((step) => countOf(step, product))
    return {
      product,
      steps: FUNNEL_STEPS.map((step, index) => ({
        step,
        count: counts[index],
        /** Of the step before, for a step that is a part of it; else null. */
        percent: IS_PART_OF_PREVIOUS[step] ? percent(counts[index], counts[index - 1]) : null,
      })),
    }
  })
}
