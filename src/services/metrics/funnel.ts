import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PgColumn } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { Payload } from 'payload'

import { alias, bare, engagement_events, waitlist_entries } from '@/db'
import { ANONYMOUS_SESSION, DEFAULT_PRODUCT, PRODUCTS, type Product } from '@/lib/constants'
import { selectRows } from '@/services/admin/paging'

import { pagePath } from './pages'
import { percent } from './periods'

const entry = alias(waitlist_entries, 'entry')

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

/** The waitlist page's own page-view event for a known product (spec §7, `WaitlistFromQuery`). */
const PRODUCT_VIEW = '"event"\\s*:\\s*"product-specific-engagement"'
// eventData is JSON text written by visitors: read it with a pattern, never a cast.
const PRODUCT_OF = '"product"\\s*:\\s*"([a-z-]{1,40})"'

/**
 * Per product, between `since` and `until`: visitors (distinct tab sessions with a page view;
 * the shared "anonymous" session is no one visitor, so it is left out) → sessions that viewed the
 * product's waitlist page → waitlist signups for it → those signups whose address is confirmed.
 * The page is stored as `/waitlist` without its query: a known `?product=` is read from the page's
 * own product event; a load without one shows the default product and sends only the tracker's
 * view, so a session with more plain views of `/waitlist` than product events saw the default.
 * Signups are not tied to sessions (a signup sends no session id, and it may come from any page's
 * form): they have no share of the step before, every other step has its share, at most 100 %.
 */
export const productFunnels = async (payload: Payload, since: string, until: string) => {
  const inRange = (column: PgColumn) =>
    sql`${bare(column)} >= ${since}::timestamptz AND ${bare(column)} < ${until}::timestamptz`
  const e = engagement_events
  const w = waitlist_entries
  const rows = await selectRows<{ step: FunnelStep; product: string | null; count: number }>(
    payload,
    sql`WITH views AS (
        SELECT ${bare(e.sessionId)}, ${pagePath()} AS ${bare(e.page)}, ${bare(e.eventData)} FROM ${e}
        WHERE ${bare(e.eventType)} = 'page_view' AND ${inRange(e.createdAt)}
          AND ${bare(e.sessionId)} IS DISTINCT FROM ${ANONYMOUS_SESSION}
          AND ${bare(e.sessionId)} IS NOT NULL),
      waitlist_views AS (
        SELECT ${bare(e.sessionId)},
          coalesce(${bare(e.eventData)} ~ ${PRODUCT_VIEW}, false) AS is_product_view,
          substring(${bare(e.eventData)} FROM ${PRODUCT_OF}) AS ${bare(w.product)}
        FROM views WHERE ${bare(e.page)} = '/waitlist'),
      reached AS (
        SELECT ${bare(e.sessionId, w.product)} FROM waitlist_views
        WHERE is_product_view AND ${bare(w.product)} IS NOT NULL
        UNION
        SELECT ${bare(e.sessionId)}, ${DEFAULT_PRODUCT}::text FROM waitlist_views
        GROUP BY ${bare(e.sessionId)}
        HAVING count(*) FILTER (WHERE NOT is_product_view) > count(*) FILTER (WHERE is_product_view))
      SELECT 'visitors' AS step, NULL AS product, count(DISTINCT ${bare(e.sessionId)})::int AS count
      FROM views
      UNION ALL
      SELECT 'waitlistPage', ${bare(w.product)}, count(*)::int FROM reached GROUP BY ${bare(w.product)}
      UNION ALL
      SELECT 'signups', ${bare(w.product)}::text, count(*)::int FROM ${w}
      WHERE ${inRange(w.joinedAt)} GROUP BY ${bare(w.product)}
      UNION ALL
      SELECT 'confirmed', ${entry.product}::text, count(*)::int FROM ${w} ${entry}
      WHERE ${inRange(w.joinedAt)} AND ${entry.confirmedAt} IS NOT NULL GROUP BY ${entry.product}`,
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
