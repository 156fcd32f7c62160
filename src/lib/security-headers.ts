/**
 * The security headers of every response (docs/decisions/0055-security-headers.md). Pure, so the
 * proxy, the tests and the benchmark read one definition. No imports of the server environment:
 * the proxy runs before anything else and must not need the database settings.
 */

/** Origins the theme-song facade may embed after a click. */
export const FRAME_ORIGINS = ['https://www.youtube-nocookie.com'] as const

export type SecurityOptions = {
  nonce: string
  /** `next dev` needs eval (React's debug stacks) and a websocket (hot reload). */
  dev: boolean
  /** HSTS and upgrade-insecure-requests: only in production behind an https address. */
  https: boolean
}

/** A fresh, unguessable nonce (128 bits, base64). */
export const createNonce = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes))
}

export const contentSecurityPolicy = ({ nonce, dev, https }: SecurityOptions) =>
  [
    "default-src 'self'",
    // Scripts only with this response's nonce; scripts those load are trusted ('strict-dynamic').
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    // styled-components and Payload's admin write <style> tags and style attributes.
    "style-src 'self' 'unsafe-inline'",
    // Product images come from the shop's CDN (https; on a plain-http site, e.g. locally against
    // a loopback store, http too: an https site could not show those anyway).
    `img-src 'self' data: blob: https:${https ? '' : ' http:'}`,
    "font-src 'self' data:",
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    "media-src 'self'",
    `frame-src ${FRAME_ORIGINS.join(' ')}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ')

export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'browsing-topics=()',
  `fullscreen=(self "${FRAME_ORIGINS[0]}")`,
  `autoplay=(self "${FRAME_ORIGINS[0]}")`,
].join(', ')

export const HSTS = 'max-age=63072000; includeSubDomains'

/** Every header but the policy itself, which needs the request's nonce. */
export const staticSecurityHeaders = ({ https }: Pick<SecurityOptions, 'https'>) => ({
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
})
