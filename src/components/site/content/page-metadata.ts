import type { Metadata } from 'next'

import { pageMetadata, SITE_NAME } from '@/lib/metadata'
import { PAGE_TEXTS } from '@/lib/page-texts'
import type { PublicRoute } from '@/lib/routes'
import type { Media } from '@/payload-types'

import { getPageSeo } from '@/services/content/pages'

/**
 * The share picture of a page: the first Media document given, at its 1200×630 `share` size.
 * Link previews take no SVG: without a raster picture the site's card is shown (undefined).
 */
export const shareImageUrl = (...candidates: unknown[]) => {
  const image = candidates.find((m): m is Media => typeof m === 'object' && m !== null)
  if (image?.sizes?.share?.url) return image.sizes.share.url
  return image?.mimeType === 'image/svg+xml' ? undefined : (image?.url ?? undefined)
}

/** A meta title as editors type it or the plugin generates it: the site name is added once. */
export const withoutSiteName = (title: string | null | undefined) => {
  const own = title?.replace(new RegExp(` \\| ${SITE_NAME}$`), '').trim()
  return own && own !== SITE_NAME ? own : undefined
}

/**
 * Metadata of a fixed public route (decision 0122): its `page-seo` entry (published, or the draft
 * in an editor's preview), each empty field falling back to the page's own text. One cached read
 * a render; pages stay in the page cache and are refreshed when the entry is published.
 */
export const routeMetadata = async (path: PublicRoute): Promise<Metadata> => {
  const entry = await getPageSeo(path)
  const texts = PAGE_TEXTS[path]
  return pageMetadata({
    title: withoutSiteName(entry?.meta?.title) ?? texts.title,
    description: entry?.meta?.description?.trim() || texts.description,
    path,
    image: shareImageUrl(entry?.meta?.image),
  })
}
