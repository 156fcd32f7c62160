import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'

import { bare, engagement_events } from '@/db'

/**
 * The one rule for what a page is: the stored path with any query string and fragment cut, and
 * no page at all when nothing is left. The tracker and the endpoint already store paths only
 * (decision 0111); rows written before that, or by hand, still group with their path here. Every
 * figure by page (the Overview's Top Pages, the assistant's figures, the funnel) reads it.
 */
export const pagePath = (column: SQL = bare(engagement_events.page)): SQL =>
  sql`nullif(split_part(split_part(${column}, '#', 1), '?', 1), '')`
