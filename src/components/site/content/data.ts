import { cache } from 'react'

import { PUBLISHED } from '@/access/content'
import { payloadClient } from '@/lib/payload'

/** Content the public pages read per request (decision 55); `cache` reads each once a render. */
export const getCharacters = cache(async () => {
  const payload = await payloadClient()
  const { docs } = await payload.find({
    collection: 'characters',
    where: PUBLISHED,
    sort: '_order',
    // Depth 1: the artwork's Media document (its sizes and alt text).
    depth: 1,
    limit: 50,
    pagination: false,
  })
  return docs
})

export const getFaqItems = cache(async () => {
  const payload = await payloadClient()
  const { docs } = await payload.find({
    collection: 'faq-items',
    where: PUBLISHED,
    sort: '_order',
    depth: 0,
    limit: 500,
    pagination: false,
  })
  return docs
})

export const getBook = cache(async (slug: string) => {
  const payload = await payloadClient()
  const { docs } = await payload.find({
    collection: 'books',
    where: { slug: { equals: slug }, ...PUBLISHED },
    depth: 1,
    limit: 1,
  })
  return docs[0] ?? null
})

export const getSong = cache(async (slug: string) => {
  const payload = await payloadClient()
  const { docs } = await payload.find({
    collection: 'songs',
    where: { slug: { equals: slug }, ...PUBLISHED },
    depth: 1,
    populate: { books: { slug: true } },
    limit: 1,
  })
  return docs[0] ?? null
})

export const FEATURED_BOOK_SLUG = 'dune-big-ears'
export const THEME_SONG_SLUG = 'dune-music'

/** Articles per page of /insights. */
export const ARTICLES_PER_PAGE = 6

/** One page of published articles, newest first (the featured one is shown apart, on page 1). */
export const getArticles = cache(async (page = 1, excludeId?: number) => {
  const payload = await payloadClient()
  return payload.find({
    collection: 'articles',
    where: { ...PUBLISHED, ...(excludeId ? { id: { not_equals: excludeId } } : {}) },
    sort: '-publishedAt',
    depth: 1,
    limit: ARTICLES_PER_PAGE,
    page,
  })
})

/** The featured article, or the newest one when none is marked featured. */
export const getFeaturedArticle = cache(async () => {
  const payload = await payloadClient()
  const { docs } = await payload.find({
    collection: 'articles',
    where: PUBLISHED,
    sort: ['-featured', '-publishedAt'],
    depth: 1,
    limit: 1,
  })
  return docs[0] ?? null
})

/** A published article by its slug, with its cover and related articles. */
export const getArticle = cache(async (slug: string) => {
  const payload = await payloadClient()
  const { docs } = await payload.find({
    collection: 'articles',
    where: { slug: { equals: slug }, ...PUBLISHED },
    depth: 2,
    limit: 1,
  })
  return docs[0] ?? null
})

/** Every published article (sitemap, feed, static params). */
export const getAllArticles = async () => {
  const payload = await payloadClient()
  const { docs } = await payload.find({
    collection: 'articles',
    where: PUBLISHED,
    sort: '-publishedAt',
    depth: 0,
    pagination: false,
    limit: 1000,
  })
  return docs
}

/** The saved redirect for an old path (slug changes), if any. */
export const getRedirect = async (from: string) => {
  const payload = await payloadClient()
  const { docs } = await payload.find({
    collection: 'redirects',
    where: { from: { equals: from } },
    depth: 1,
    limit: 1,
  })
  return docs[0] ?? null
}
