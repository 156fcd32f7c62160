import { createHmac, timingSafeEqual } from 'node:crypto'

import { env, serverUrl } from '../env'
import { PREVIEW_ROUTE } from '../routes'

/**
 * Preview links (decision 0120): `/preview?path=…&secret=…`, where the secret is an HMAC of the
 * path under the site's secret. A link opens only the page it was made for, and no one can make
 * one for another page (or another site) without the secret; whether it shows the draft is decided
 * by the signed-in user, not by the link.
 */

export const previewSecret = (path: string) =>
  createHmac('sha256', env().PAYLOAD_SECRET).update(`preview:${path}`).digest('base64url')

export const isPreviewSecret = (path: string, secret: string | null) => {
  if (!secret) return false
  const expected = Buffer.from(previewSecret(path))
  const given = Buffer.from(secret)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** The preview route's address for a page, relative to the site. */
export const previewPath = (path: string) =>
  `${PREVIEW_ROUTE}?${new URLSearchParams({ path, secret: previewSecret(path) })}`

/** The same, absolute (the admin's "Preview" button opens only http(s) addresses). */
export const previewUrl = (path: string) => new URL(previewPath(path), serverUrl()).toString()
