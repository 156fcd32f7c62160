import { type NextRequest, NextResponse } from 'next/server'

import { contentSecurityPolicy, createNonce, staticSecurityHeaders } from '@/lib/security-headers'

/**
 * Runs before every request: a fresh script nonce in the Content-Security-Policy (Next.js reads it
 * from the request's policy and puts it on its own scripts) and the other security headers.
 */
export function proxy(request: NextRequest) {
  const nonce = createNonce()
  const https =
    process.env.NODE_ENV === 'production' && (process.env.SERVER_URL ?? '').startsWith('https://')
  const policy = contentSecurityPolicy({
    nonce,
    dev: process.env.NODE_ENV === 'development',
    https,
  })

  const requestHeaders = new Headers(request.headers)
  requestHeaders.set('x-nonce', nonce)
  requestHeaders.set('Content-Security-Policy', policy)
  const response = NextResponse.next({ request: { headers: requestHeaders } })
  response.headers.set('Content-Security-Policy', policy)
  for (const [name, value] of Object.entries(staticSecurityHeaders({ https }))) {
    response.headers.set(name, value)
  }
  return response
}
