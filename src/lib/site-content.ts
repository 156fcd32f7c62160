import { cache } from 'react'

import { payloadClient } from './payload'

/** Site settings (links, tagline, shop) for server components; read once per render. */
export const getSiteSettings = cache(async () => {
  const payload = await payloadClient()
  return payload.findGlobal({ slug: 'site-settings', depth: 0 })
})

/** The founder's gallery of /about, each picture with its Media document. */
export const getAboutGallery = cache(async () => {
  const payload = await payloadClient()
  const settings = await payload.findGlobal({
    slug: 'site-settings',
    depth: 1,
    select: { aboutGallery: true },
  })
  return settings.aboutGallery ?? []
})
