import type { MetadataRoute } from 'next'

import { serverUrl } from '@/lib/env'
import { PUBLIC_ROUTES } from '@/lib/routes'

// Read per request: the address is the running site's SERVER_URL, not the build's.
export const dynamic = 'force-dynamic'

/** /sitemap.xml: every visitor route of the route table, on the site's own address. */
export default function sitemap(): MetadataRoute.Sitemap {
  const base = serverUrl()
  return PUBLIC_ROUTES.map((path) => ({
    url: new URL(path, base).toString(),
    changeFrequency: path === '/' ? 'weekly' : 'monthly',
    priority: path === '/' ? 1 : 0.7,
  }))
}
