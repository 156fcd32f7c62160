/**
 * Which addresses are cached pages, in plain JavaScript: the proxy (through routes.ts) and
 * next.config.mjs, which Next.js loads without compiling it, share one list (decisions 0070, 0151,
 * 0186).
 */

/** The visitor routes of the route table (spec §2), for the sitemap, the tests and the benchmark. */
export const PUBLIC_ROUTES = /** @type {const} */ ([
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
])

/** Internal pages: served, but neither listed in the sitemap nor indexed. */
export const INTERNAL_ROUTES = /** @type {const} */ (['/deployment-test'])

/** The waitlist's page per product, which `/waitlist?product=…` is served (see `waitlistRewrite`). */
export const WAITLIST_PRODUCT_PAGES = '/waitlist/'

/**
 * Pages served from Next.js's page cache (decision 0070): their policy lists the hashes of their
 * inline scripts and comes with the cached response, so the proxy adds none. Every other page
 * (newsletter confirmation, email preferences, the admin, the 404 page) is rendered per request
 * with a nonce. A new cached page (or a prefix of them, ending in '/') is added here.
 * @type {readonly string[]}
 */
export const CACHED_PAGES = [
  ...PUBLIC_ROUTES,
  ...INTERNAL_ROUTES,
  '/insights/',
  WAITLIST_PRODUCT_PAGES,
]

/**
 * A person's own pages beside the waitlist's product pages: rendered per request (they read the
 * link's token), so they get the nonce and are never stored by a shared cache (decision 0151).
 * @type {readonly string[]}
 */
export const PER_REQUEST_PAGES = ['/waitlist/confirm', '/waitlist/status']

/** Draft mode (editors' previews) renders a cached page per request, so it needs the nonce. */
export const DRAFT_MODE_COOKIE = '__prerender_bypass'

const escaped = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The cached pages as Next.js's route sources (path-to-regexp, as next.config.mjs `headers` take
 * them): an exact page, or a prefix's pages but the person's own pages below it.
 * @returns {string[]}
 */
export const cachedPageSources = () =>
  CACHED_PAGES.map((page) => {
    if (page.length === 1 || !page.endsWith('/')) return page
    const own = PER_REQUEST_PAGES.filter((path) => path.startsWith(page)).map((path) =>
      escaped(path.slice(page.length)),
    )
    const notOwn = own.length > 0 ? `(?!(?:${own.join('|')})/*$)` : ''
    return `${page}:rest(${notOwn}.+)`
  })
