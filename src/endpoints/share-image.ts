import type { Endpoint } from 'payload'

import { serverUrl } from '@/lib/env'
import { FALLBACK_SHARE_IMAGE } from '@/lib/metadata'

import { handler } from './http'

/**
 * The card of shared links (decision 0121): the pages name this one address, which answers with
 * the site settings' share image (its 1200×630 size), else the Starfinity card. Cached pages stay
 * as they are when an editor changes the picture.
 */
export const shareImageEndpoint: Endpoint = {
  path: '/share-image',
  method: 'get',
  handler: handler(async (req) => {
    const { shareImage } = await req.payload.findGlobal({
      slug: 'site-settings',
      depth: 1,
      select: { shareImage: true },
    })
    const chosen = typeof shareImage === 'object' ? shareImage?.sizes?.share?.url : null
    return new Response(null, {
      status: 302,
      headers: {
        Location: new URL(chosen ?? FALLBACK_SHARE_IMAGE, serverUrl()).toString(),
        'Cache-Control': 'public, max-age=300',
      },
    })
  }),
}
