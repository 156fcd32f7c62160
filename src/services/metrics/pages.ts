import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { bare, engagement_events } from '@/db'
import { selectRows } from '@/services/admin/paging'

/**
 * The one rule for what a page is: the stored path with any query string and fragment cut, and
 * no page at all when nothing is left. The tracker and the endpoint already store paths only
 * (decision 0111); rows written before that, or by hand, still group with their path here. Every
 * figure by page (the Overview's Top Pages, the assistant's figures, the funnel) reads it.
 */
export const pagePath = (column: SQL = bare(engagement_events.page)): SQL =>
  sql`nullif(split_part(split_part(${column}, '#', 1), '?', 1), '')`

export type PageCount = { page: string; count: number }

/** The ten most viewed pages between `since` (included) and `until` (excluded, if given). */
export const topPages = (payload: Payload, since: string, until?: string): Promise<PageCount[]> => {
  const e = engagement_events
  return selectRows<PageCount>(
    payload,
    sql`SELECT ${pagePath()} AS page, count(*)::int AS count FROM ${e}
      WHERE ${bare(e.eventType)} = 'page_view' AND ${bare(e.createdAt)} >= ${since}::timestamptz
        ${until ? sql`AND ${bare(e.createdAt)} < ${until}::timestamptz` : sql``}
        AND ${pagePath()} IS NOT NULL
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 10`,
  )
}
