import type { MetadataRoute } from 'next'

import { serverUrl } from '@/lib/env'
import { INTERNAL_ROUTES } from '@/lib/routes'

// Read per request: the address is the running site's SERVER_URL, not the build's.
export const dynamic = 'force-dynamic'

/** /robots.txt: everything but the admin, the API and the internal pages; names the sitemap. */
export default function robots(): MetadataRoute.Robots {
  const base = serverUrl()
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/admin', '/api', ...INTERNAL_ROUTES] },
    sitemap: new URL('/sitemap.xml', base).toString(),
  }
}
