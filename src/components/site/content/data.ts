import { cache } from 'react'

import { payloadClient } from '@/lib/payload'

/** Content the public pages read at build time (and again when an editor's change revalidates). */
export const getCharacters = cache(async () => {
  const payload = await payloadClient()
  const { docs } = await payload.find({
    collection: 'characters',
    sort: 'order',
    depth: 0,
    limit: 50,
    pagination: false,
  })
  return docs
})

export const getFaqItems = cache(async () => {
  const payload = await payloadClient()
  const { docs } = await payload.find({
    collection: 'faq-items',
    sort: 'order',
    depth: 0,
    limit: 500,
    pagination: false,
  })
  return docs
})

/** The featured article, or the newest one when none is marked featured. */
export const getFeaturedInsight = cache(async () => {
  const payload = await payloadClient()
  const { docs } = await payload.find({
    collection: 'insights',
    sort: ['-featured', '-date'],
    depth: 0,
    limit: 1,
  })
  return docs[0] ?? null
})

export const getBook = cache(async (slug: string) => {
  const payload = await payloadClient()
  const { docs } = await payload.find({
    collection: 'books',
    where: { slug: { equals: slug } },
    depth: 0,
    limit: 1,
  })
  return docs[0] ?? null
})

export const getSong = cache(async (slug: string) => {
  const payload = await payloadClient()
  const { docs } = await payload.find({
    collection: 'songs',
    where: { slug: { equals: slug } },
    depth: 0,
    limit: 1,
  })
  return docs[0] ?? null
})

export const FEATURED_BOOK_SLUG = 'dune-big-ears'
export const THEME_SONG_SLUG = 'dune-music'
