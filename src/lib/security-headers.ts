/**
 * The security headers of every response (docs/decisions/0055-security-headers.md and
 * 0070-cached-pages-and-script-hashes.md). Pure, so the
 * proxy, the tests and the benchmark read one definition. No imports of the server environment:
 * the proxy runs before anything else and must not need the database settings.
 */

import { baseSecurityHeaders } from './csp.mjs'

export {
  FRAME_ORIGINS,
  PERMISSIONS_POLICY,
  baseSecurityHeaders,
  contentSecurityPolicy,
  isHttpsSite,
} from './csp.mjs'
export type { ScriptSources } from './csp.mjs'

/** A fresh, unguessable nonce (128 bits, base64). */
export const createNonce = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes))
}

export const HSTS = 'max-age=63072000; includeSubDomains'

/**
 * Uploaded files (`/api/media/file/…`) are not pages: an SVG may hold scripts, so no script, frame
 * or plugin runs in one opened on its own, from disk or from S3 alike (Payload's own upload policy,
 * which the pages' policy must not replace).
 */
export const MEDIA_FILE_POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; script-src 'none'; frame-src 'none'; object-src 'none'; frame-ancestors 'none'"

/** Every header but the policy itself, which needs the request's nonce. */
export const staticSecurityHeaders = ({ https }: { https: boolean }) => ({
  ...baseSecurityHeaders(),
  ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
})
