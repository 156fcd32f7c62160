/**
 * Where the site may send a visitor (decision 0191): one same-site path rule for every redirect
 * (previews, saved redirects, links) and one allow-list of schemes for links and redirect targets.
 * No server-only module: the article view uses it in the browser too.
 */

const BASE = 'http://site.invalid'
const ONE_LEADING_SLASH = /^\/(?![/\\])/
const BACKSLASH_OR_CONTROL = /[\\\u0000-\u001f\u007f]/

/**
 * A page of this site, as a browser would resolve it: dot segments removed and percent-encoded as
 * a URL has it, or null when it is not one. The check is made on the resolved path, so
 * `/.//evil.example`, `/%2e//evil.example` and `/a/..//evil.example` (all `//evil.example` once
 * resolved, another site) are refused, as are `//host`, `/\host` and control characters.
 */
export const sitePath = (path: string): string | null => {
  if (path.length > 512 || !ONE_LEADING_SLASH.test(path) || BACKSLASH_OR_CONTROL.test(path))
    return null
  let url: URL
  try {
    url = new URL(path, BASE)
  } catch {
    return null
  }
  const resolved = `${url.pathname}${url.search}${url.hash}`
  return url.origin === BASE && ONE_LEADING_SLASH.test(resolved) ? resolved : null
}

export const isSitePath = (path: string) => sitePath(path) !== null

/** The schemes a link or a redirect may lead to, beside this site's own pages. */
export const LINK_SCHEMES = ['http:', 'https:', 'mailto:', 'tel:'] as const

/**
 * A link or redirect target: a page of this site, a place on the same page (`#faq`), or an
 * address with an allowed scheme. `javascript:`, `data:`, `vbscript:` and every other scheme are
 * refused, however they are spelled (the URL parser lower-cases the scheme and drops tabs and
 * line breaks a browser would drop too).
 */
export const isSafeLink = (url: string): boolean => {
  if (isSitePath(url)) return true
  if (/^#[^\s\\]*$/.test(url)) return true
  if (/[\s\\]/.test(url) || BACKSLASH_OR_CONTROL.test(url)) return false
  try {
    return (LINK_SCHEMES as readonly string[]).includes(new URL(url).protocol)
  } catch {
    return false
  }
}

/** Where a stored link or redirect may send a visitor: its resolved site path, the address, or null. */
export const safeLinkTarget = (url: string): string | null =>
  sitePath(url) ?? (isSafeLink(url) ? url : null)

/** The message of a link or redirect target that is not allowed. */
export const UNSAFE_LINK_MESSAGE =
  'Must be a page of this site (starting with one /) or an http(s), mailto or tel address'
