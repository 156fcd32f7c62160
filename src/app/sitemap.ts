import type { MetadataRoute } from 'next'

import { getAllArticles } from '@/services/content/pages'
import { serverUrl } from '@/lib/env'
import { PUBLIC_ROUTES } from '@/lib/routes'

// Read per request: the address is the running site's SERVER_URL, not the build's.
export const dynamic = 'force-dynamic'

/** /sitemap.xml: every visitor route of the route table and every published article. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = serverUrl()
  const routes: MetadataRoute.Sitemap = PUBLIC_ROUTES.map((path) => ({
    url: new URL(path, base).toString(),
    changeFrequency: path === '/' ? 'weekly' : 'monthly',
    priority: path === '/' ? 1 : 0.7,
  }))
  const articles = await getAllArticles()
  return [
    ...routes,
    ...articles.map((article) => ({
      url: new URL(`/insights/${article.slug}`, base).toString(),
      lastModified: article.updatedAt,
      changeFrequency: 'monthly' as const,
      priority: 0.6,
    })),
  ]
}
