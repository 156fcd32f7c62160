import { type NextRequest, NextResponse } from 'next/server'

import {
  DRAFT_MODE_COOKIE,
  PREVIEW_ROUTE,
  isAdminPage,
  isCachedPage,
  waitlistRewrite,
} from '@/lib/routes'
import { WAITLIST_PAGE_PRODUCT_NAMES } from '@/components/site/waitlist/products'
import { PRIVATE_CACHE_CONTROL } from '@/lib/cache-control'
import {
  MEDIA_FILE_POLICY,
  contentSecurityPolicy,
  createNonce,
  isHttpsSite,
  staticSecurityHeaders,
} from '@/lib/security-headers'

/**
 * Runs before every request: the security headers, and for responses rendered per request a
 * fresh script nonce in the Content-Security-Policy (Next.js reads it from the request's policy
 * and puts it on its own scripts). Cached pages bring their own policy, with the hashes of their
 * inline scripts (decision 0070): a second policy here would be enforced as well and block them.
 *
 * And what shared caches may keep of the API (decision 0151): nothing, unless its route says
 * otherwise (a route's own Cache-Control replaces this one). Cached pages get theirs from
 * next.config.mjs, which sees the App Router's requests for what they are (decision 0186).
 */
export function proxy(request: NextRequest) {
  const https = isHttpsSite()
  const dev = process.env.NODE_ENV === 'development'
  const { pathname, search } = request.nextUrl
  // No page or query can use a NUL character (PostgreSQL text cannot hold one), and no route a
  // path that is not percent-encoded text (a broken escape made pages and routes throw): refused
  // here, before any page or route reads the address.
  const refused = /%00/i.test(pathname + search) || !decodable(pathname)
  const cachedPage = isCachedPage(pathname)
  const inDraftMode = request.cookies.has(DRAFT_MODE_COOKIE)
  const isCached = !dev && cachedPage && !inDraftMode && !refused
  // Editors' previews are shown in the admin's live preview, a frame of the site's own origin
  // (decision 0120). A draft-mode cookie Next.js does not accept gets the cached page, whose own
  // policy keeps frame-ancestors 'none' (two policies: both are enforced).
  const isPreview =
    pathname === PREVIEW_ROUTE ||
    pathname.startsWith(`${PREVIEW_ROUTE}/`) ||
    (cachedPage && inDraftMode)

  let response: NextResponse
  const rewrite = isCached
    ? waitlistRewrite(pathname, request.nextUrl.searchParams, WAITLIST_PAGE_PRODUCT_NAMES)
    : null
  if (rewrite) {
    const url = request.nextUrl.clone()
    url.pathname = rewrite
    response = NextResponse.rewrite(url)
  } else if (isCached) {
    response = NextResponse.next()
  } else if (pathname.startsWith('/api/media/file/') && !refused) {
    response = NextResponse.next()
    response.headers.set('Content-Security-Policy', MEDIA_FILE_POLICY)
  } else {
    const policy = contentSecurityPolicy({
      scripts: { nonce: createNonce() },
      dev,
      https,
      framing: isPreview ? 'self' : 'none',
      framesSelf: isAdminPage(pathname),
    })
    const requestHeaders = new Headers(request.headers)
    requestHeaders.set('Content-Security-Policy', policy)
    response = refused
      ? NextResponse.json(
          { message: 'The address holds a character that cannot be used.' },
          { status: 400, headers: { 'Cache-Control': 'no-store' } },
        )
      : NextResponse.next({ request: { headers: requestHeaders } })
    response.headers.set('Content-Security-Policy', policy)
    // Payload's REST answers say nothing about caching; ours and Next's pages say no-store.
    if (pathname.startsWith('/api/') && !refused) {
      response.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL)
    }
  }
  for (const [name, value] of Object.entries(staticSecurityHeaders({ https }))) {
    response.headers.set(name, value)
  }
  if (isPreview) response.headers.set('X-Frame-Options', 'SAMEORIGIN')
  return response
}

/** Whether the path's percent escapes are whole (`%E0%A4%A` is not: it cannot be decoded). */
const decodable = (pathname: string) => {
  try {
    decodeURIComponent(pathname)
    return true
  } catch {
    return false
  }
}

/**
 * Next.js reads the whole body of every request the proxy runs for (up to 10 MB) before the route
 * sees it, so a route's own limit (16 KB for the public forms) would come too late. The proxy has
 * nothing to do with bodies: requests that carry one (Content-Length or Transfer-Encoding) skip it
 * and stream straight to the route, which refuses an oversized body with 413 as it reads
 * (decision 0063). Their responses get the security headers from next.config.mjs. An empty body
 * (`Content-Length: 0`, which some clients send with a GET) is none: the proxy runs for it.
 * Literals only: Next.js reads this object without running the module.
 */
export const config = {
  matcher: [
    {
      source: '/((?!_next/static|_next/image).*)',
      missing: [
        { type: 'header', key: 'content-length' },
        { type: 'header', key: 'transfer-encoding' },
      ],
    },
    {
      source: '/((?!_next/static|_next/image).*)',
      has: [{ type: 'header', key: 'content-length', value: '0+' }],
      missing: [{ type: 'header', key: 'transfer-encoding' }],
    },
    // A path with a percent escape that may not decode (a broken one, or one of non-ASCII text),
    // body or not: the proxy answers a broken one 400 before a route throws on it. Only such an
    // address has its body read first; no route takes a body there.
    { source: '/:path(.*%(?:[89A-Fa-f]|(?![0-9A-Fa-f]{2})).*)' },
  ],
}
