import { cache } from 'react'

import { payloadClient } from './payload'

/** Site settings (links, tagline, shop) for server components; read once per render. */
export const getSiteSettings = cache(async () => {
  const payload = await payloadClient()
  return payload.findGlobal({ slug: 'site-settings', depth: 0 })
})
