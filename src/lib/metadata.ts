import type { Metadata } from 'next'

import { TAGLINE } from './constants'

export const SITE_NAME = 'Starfinity'
export const DEFAULT_DESCRIPTION =
  'Books, music, a companion app and a community for conscious families. ' + TAGLINE + '.'
/** The Starfinity card, shipped with the site: shared links show it until editors choose another. */
export const FALLBACK_SHARE_IMAGE = '/images/og-default.png'
/** Shared links of pages without a picture of their own: the site settings' choice (decision 0121). */
export const DEFAULT_SHARE_IMAGE = { url: '/api/share-image', width: 1200, height: 630 }

/**
 * Title, description, canonical address and share cards of one page (the layout sets the base
 * address, so paths are enough).
 */
export const pageMetadata = ({
  title,
  description = DEFAULT_DESCRIPTION,
  path,
  image = DEFAULT_SHARE_IMAGE.url,
}: {
  title?: string
  description?: string
  path: string
  image?: string
}): Metadata => {
  const fullTitle = title ? `${title} | ${SITE_NAME}` : `${SITE_NAME} — ${TAGLINE}`
  const images = [image === DEFAULT_SHARE_IMAGE.url ? DEFAULT_SHARE_IMAGE : { url: image }]
  return {
    title: fullTitle,
    description,
    alternates: { canonical: path },
    openGraph: {
      type: 'website',
      siteName: SITE_NAME,
      title: fullTitle,
      description,
      url: path,
      images,
    },
    twitter: { card: 'summary_large_image', title: fullTitle, description, images },
  }
}
