/**
 * The Content-Security-Policy of every response (docs/decisions/0055 and 0070). Plain JavaScript
 * so the page cache handler, which Next.js loads without compiling it, shares this definition
 * with the proxy and the tests.
 */

/** Origins the theme-song facade may embed after a click. */
export const FRAME_ORIGINS = /** @type {const} */ (['https://www.youtube-nocookie.com'])

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

/**
 * The headers every response carries whatever the site's scheme. The proxy adds them (with HSTS
 * and the policy); requests with a body skip the proxy and get them from next.config.mjs.
 */
export const baseSecurityHeaders = () => ({
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
})

/**
 * @typedef {{ nonce: string } | { hashes: string[] }} ScriptSources
 *   A per-request nonce (pages rendered per request) or the hashes of a cached page's inline
 *   scripts.
 * @typedef {object} PolicyOptions
 * @property {ScriptSources} scripts
 * @property {boolean} dev `next dev` needs eval (React's debug stacks) and a websocket.
 * @property {boolean} https HSTS and upgrade-insecure-requests: production behind https only.
 * @property {'none' | 'self'} [framing] Who may frame the response: no one ('none', the default),
 *   or the site itself: editors' previews, shown in the admin's live preview (decision 0120).
 * @property {boolean} [framesSelf] The page may frame the site's own pages (the admin, for its
 *   live preview).
 */

/** @param {ScriptSources} scripts */
const scriptSrc = (scripts, /** @type {boolean} */ dev) => {
  const evalSource = dev ? " 'unsafe-eval'" : ''
  // Nonce: scripts those scripts load are trusted too ('strict-dynamic').
  if ('nonce' in scripts)
    return `script-src 'self' 'nonce-${scripts.nonce}' 'strict-dynamic'${evalSource}`
  // Hashes: the cached HTML's own inline scripts; its chunks and the chunks they load from 'self'.
  const hashes = scripts.hashes.map((hash) => ` 'sha256-${hash}'`).join('')
  return `script-src 'self'${hashes}${evalSource}`
}

/** @param {PolicyOptions} options */
export const contentSecurityPolicy = ({
  scripts,
  dev,
  https,
  framing = 'none',
  framesSelf = false,
}) =>
  [
    "default-src 'self'",
    scriptSrc(scripts, dev),
    // styled-components and Payload's admin write <style> tags and style attributes.
    "style-src 'self' 'unsafe-inline'",
    // Product images come from the shop's CDN (https; on a plain-http site, e.g. locally against
    // a loopback store, http too: an https site could not show those anyway).
    `img-src 'self' data: blob: https:${https ? '' : ' http:'}`,
    "font-src 'self' data:",
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    "media-src 'self'",
    `frame-src ${framesSelf ? "'self' " : ''}${FRAME_ORIGINS.join(' ')}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors '${framing}'`,
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ')

/**
 * Uploaded files (`/api/media/file/…`) are not pages: an SVG may hold scripts, so no script, frame
 * or plugin runs in one opened on its own, from disk or from S3 alike (Payload's own upload policy,
 * which the pages' policy must not replace).
 */
export const MEDIA_FILE_POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; script-src 'none'; frame-src 'none'; object-src 'none'; frame-ancestors 'none'"

/**
 * The policy of an answer to a request with a body, which skips the proxy (decision 0063) and so
 * has no nonce: no script runs (a page rendered for a form post shows as plain HTML; the site's own
 * pages never post a body to a page), and everything else is as strict as the pages' policy.
 */
export const BODY_REQUEST_POLICY = [
  "default-src 'self'",
  "script-src 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/** HSTS and upgrade-insecure-requests only for a production site whose own address is https. */
export const isHttpsSite = () =>
  process.env.NODE_ENV === 'production' && (process.env.SERVER_URL ?? '').startsWith('https://')
