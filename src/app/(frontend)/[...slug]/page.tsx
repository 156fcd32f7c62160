import { notFound } from 'next/navigation'

// Rendered per request (with the request's nonce): unknown addresses never fill the page cache.
export const dynamic = 'force-dynamic'

/** Every path no other route matches: the site's 404 page (not-found.tsx), status 404. */
export default function UnknownPage() {
  notFound()
}
