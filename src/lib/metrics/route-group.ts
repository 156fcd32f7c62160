import { isCachedPage } from '@/lib/routes'

/**
 * A request's route group: a short fixed list, so the metrics' label values stay bounded whatever
 * addresses visitors make up (paths and queries never become labels).
 */
export const ROUTE_GROUPS = [
  'static',
  'page-cached',
  'page',
  'admin',
  'api-admin',
  'api-forms',
  'api-analytics',
  'api-email',
  'api-media',
  'api-graphql',
  'api-health',
  'api-other',
] as const
export type RouteGroup = (typeof ROUTE_GROUPS)[number]

const API_GROUPS: [prefix: RegExp, group: RouteGroup][] = [
  [/^\/api\/admin(\/|$)/, 'api-admin'],
  [/^\/api\/(waitlist|newsletter|contact|parent-survey)(\/|$)/, 'api-forms'],
  [/^\/api\/(analytics|engagement)(\/|$)/, 'api-analytics'],
  [/^\/api\/(email|webhooks)(\/|$)/, 'api-email'],
  [/^\/api\/media(\/|$)/, 'api-media'],
  [/^\/api\/graphql(-playground)?$/, 'api-graphql'],
  [/^\/api\/(health|status)$/, 'api-health'],
]

export const routeGroupOf = (url: string | undefined): RouteGroup => {
  const pathname = (url ?? '/').split('?')[0]
  if (pathname.startsWith('/_next/') || /\.[a-z0-9]{2,5}$/i.test(pathname)) return 'static'
  if (pathname === '/api' || pathname.startsWith('/api/')) {
    return API_GROUPS.find(([prefix]) => prefix.test(pathname))?.[1] ?? 'api-other'
  }
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'admin'
  return isCachedPage(pathname) ? 'page-cached' : 'page'
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
export const methodLabel = (method: string | undefined) =>
  method && METHODS.has(method) ? method : 'OTHER'
