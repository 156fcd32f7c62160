/**
 * The security headers of every response (docs/decisions/0055-security-headers.md and
 * 0070-cached-pages-and-script-hashes.md). Pure, so the
 * proxy, the tests and the benchmark read one definition. No imports of the server environment:
 * the proxy runs before anything else and must not need the database settings.
 */

import { baseSecurityHeaders } from './csp.mjs'

export {
  BODY_REQUEST_POLICY,
  FRAME_ORIGINS,
  MEDIA_FILE_POLICY,
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

/** Every header but the policy itself, which needs the request's nonce. */
export const staticSecurityHeaders = ({ https }: { https: boolean }) => ({
  ...baseSecurityHeaders(),
  ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
})
