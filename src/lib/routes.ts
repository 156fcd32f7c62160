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

/** Internal pages: served, but neither listed in the sitemap nor indexed. */
export const INTERNAL_ROUTES = ['/deployment-test'] as const
