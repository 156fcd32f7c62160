/** The visitor routes of the route table (spec §2), for the sitemap, the tests and the benchmark. */
export const PUBLIC_ROUTES = [
  '/',
  '/waitlist',
  '/earth-app',
  '/publishing',
  '/records',
  '/universe',
  '/characters',
  '/community',
  '/about',
  '/contact',
  '/insights',
  '/coming-soon',
  '/privacy',
  '/terms',
  '/faq',
  '/books/dune-big-ears',
  '/books/dune-music',
  '/parent-connect',
  '/demo',
  '/demo-stars',
] as const

export type PublicRoute = (typeof PUBLIC_ROUTES)[number]

/** Internal pages: served, but neither listed in the sitemap nor indexed. */
export const INTERNAL_ROUTES = ['/deployment-test'] as const

/** The waitlist's page per product, which `/waitlist?product=…` is served (see `waitlistRewrite`). */
export const WAITLIST_PRODUCT_PAGES = '/waitlist/'

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

/**
 * Pages served from Next.js's page cache (decision 0070): their policy lists the hashes of their
 * inline scripts and comes with the cached response, so the proxy adds none. Every other page
 * (newsletter confirmation, email preferences, the admin, the 404 page) is rendered per request
 * with a nonce. A new cached page (or a prefix of them, ending in '/') is added here.
 */
export const CACHED_PAGES: readonly string[] = [
  ...PUBLIC_ROUTES,
  ...INTERNAL_ROUTES,
  '/insights/',
  WAITLIST_PRODUCT_PAGES,
]

/** Draft mode (editors' previews) renders a cached page per request, so it needs the nonce. */
export const DRAFT_MODE_COOKIE = '__prerender_bypass'

/** Opens a page in draft mode for a signed-in editor (decision 0120); /preview/exit leaves it. */
export const PREVIEW_ROUTE = '/preview'

/** The admin, whose live preview frames the site's own pages. */
export const isAdminPage = (pathname: string) =>
  pathname === '/admin' || pathname.startsWith('/admin/')

/**
 * A person's own pages beside the waitlist's product pages: rendered per request (they read the
 * link's token), so they get the nonce and are never stored by a shared cache (decision 0151).
 */
const PER_REQUEST_PAGES: readonly string[] = ['/waitlist/confirm', '/waitlist/status']

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
