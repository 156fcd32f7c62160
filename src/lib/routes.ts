import {
  CACHED_PAGES,
  INTERNAL_ROUTES,
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
 * The visitor routes whose page holds a form of its own (the waitlist, contact, Parent Connect and
 * the newsletter sign-ups on the home page, the product, universe, characters, community and book
 * pages; the footer's contact form loads only when its modal opens, so it does not count). Their
 * lab budget is Lighthouse ≥ 96 with TBT ≤ 200 ms, every other page's ≥ 98 with TBT ≤ 150 ms
 * (`npm run bench:web`, which fails when a page's server HTML holds a `<form>` and its route is
 * not here; Parent Connect's form comes at a later step of its flow, its code with the page).
 */
export const FORM_ROUTES = [
  '/',
  '/waitlist',
  '/publishing',
  '/records',
  '/universe',
  '/characters',
  '/community',
  '/contact',
  '/books/dune-big-ears',
  '/parent-connect',
] as const satisfies readonly PublicRoute[]

/** Whether the page at `route` (a route of the table) holds a form of its own. */
export const hasForm = (route: string) => (FORM_ROUTES as readonly string[]).includes(route)

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

/**
 * Every route of the site as a pattern, the name real-user speed figures are filed under
 * (decision 0220): a page's own address never leaves the browser, only its route's pattern
 * (`/insights/[slug]`, never the article's slug). `/[...slug]` is every address no other route
 * serves (the not-found page).
 */
export const ROUTE_PATTERNS = [
  ...PUBLIC_ROUTES,
  ...INTERNAL_ROUTES,
  '/insights/[slug]',
  '/insights/page/[page]',
  '/waitlist/confirm',
  '/waitlist/status',
  '/newsletter/confirm',
  '/email/preferences',
  '/email/data',
  '/[...slug]',
] as const

export type RoutePattern = (typeof ROUTE_PATTERNS)[number]

/** The pattern of the route that serves `pathname` (its trailing slashes ignored). */
export const routePattern = (pathname: string): RoutePattern => {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname
  const exact = ROUTE_PATTERNS.find((pattern) => pattern === path && !pattern.includes('['))
  if (exact) return exact
  if (/^\/insights\/page\/[^/]+$/.test(path)) return '/insights/page/[page]'
  if (/^\/insights\/[^/]+$/.test(path)) return '/insights/[slug]'
  return '/[...slug]'
}
