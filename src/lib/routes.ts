import {
  CACHED_PAGES,
  PER_REQUEST_PAGES,
  PUBLIC_ROUTES,
  WAITLIST_PRODUCT_PAGES,
} from './cached-pages.mjs'

// The lists of cached pages are plain JavaScript: next.config.mjs reads them too (decision 0186).
export {
  CACHED_PAGES,
  DRAFT_MODE_COOKIE,
  INTERNAL_ROUTES,
  PUBLIC_ROUTES,
  WAITLIST_PRODUCT_PAGES,
} from './cached-pages.mjs'

export type PublicRoute = (typeof PUBLIC_ROUTES)[number]

/**
 * The per-product page for `/waitlist?product=<known product>`, else null. The address stays as
 * it was; the page cache cannot vary a page by its query, but it holds one page per product.
 */
export const waitlistRewrite = (
  pathname: string,
  search: URLSearchParams,
  products: readonly string[],
) => {
  const product = search.get('product')
  return pathname === '/waitlist' && product && products.includes(product)
    ? `${WAITLIST_PRODUCT_PAGES}${product}`
    : null
}

/** Opens a page in draft mode for a signed-in editor (decision 0120); /preview/exit leaves it. */
export const PREVIEW_ROUTE = '/preview'

/** The admin, whose live preview frames the site's own pages. */
export const isAdminPage = (pathname: string) =>
  pathname === '/admin' || pathname.startsWith('/admin/')

/** Whether the page at `pathname` is served from the page cache (the list: cached-pages.mjs). */
export const isCachedPage = (pathname: string) => {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (PER_REQUEST_PAGES.includes(path)) return false
  return CACHED_PAGES.some((page) =>
    page.length > 1 && page.endsWith('/') ? path.startsWith(page) : path === page,
  )
}

/** The highest page number of any list, public or admin: its offset fits the database. */
export const MAX_PAGE = 1_000_000

/**
 * A list page's number from its address (`/insights/page/2`): a whole number from 2 to MAX_PAGE
 * written plainly, else null (the page does not exist: 404).
 */
export const listPageNumber = (value: string): number | null => {
  if (!/^[1-9]\d{0,6}$/.test(value)) return null
  const page = Number(value)
  return page >= 2 && page <= MAX_PAGE ? page : null
}
