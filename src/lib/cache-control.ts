/**
 * What shared caches (the front's page cache, a CDN) may do with the site's answers (decision
 * 0151). Cached public pages: fresh for 10 s, then served stale for at most 20 s more while one
 * request refreshes them, so an editor's change reaches every visitor through any shared cache
 * within 30 s; when the site cannot answer, a stored copy may be served for a day. Browsers keep
 * nothing without asking (max-age=0; an unchanged page answers 304).
 */
export const PUBLIC_PAGE_CACHE_CONTROL =
  'public, max-age=0, s-maxage=10, stale-while-revalidate=20, stale-if-error=86400'

/** The longest a shared cache may show a page as it was before an editor's change, in seconds. */
export const SHARED_CACHE_BOUND_SECONDS = 30

/** Everything personal or per request: never stored by anyone but the visitor's own tab. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store'
