/**
 * What the public pages read (published, or drafts in an editor's preview: `readAs`, decision
 * 0120); `cache` reads each once a render. Every read of public content is in this folder
 * (decision 178): the pages here, the shop in `shop.ts`, the assistant's brand facts in
 * `brand-facts.ts`.
 */
import { cache } from 'react'

import { PUBLISHED } from '@/access/content'

import { payloadClient } from './client'
import { previewReader, readAs } from './draft'

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

export const getCharacters = cache(async () => {
  const payload = await payloadClient()
  const { docs } = await payload.find({
    collection: 'characters',
    ...(await readAs()),
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
    ...(await readAs()),
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
    ...(await readAs({ slug: { equals: slug } })),
    depth: 1,
    limit: 1,
  })
  return docs[0] ?? null
})

export const getSong = cache(async (slug: string) => {
  const payload = await payloadClient()
  const { docs } = await payload.find({
    collection: 'songs',
    ...(await readAs({ slug: { equals: slug } })),
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
    ...(await readAs(excludeId ? { id: { not_equals: excludeId } } : {})),
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
    ...(await readAs()),
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
    ...(await readAs({ slug: { equals: slug } })),
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

/** The site settings a page shows: the published ones, or the draft in an editor's preview. */
export const getPageSettings = cache(async () => {
  const user = await previewReader()
  if (!user) return getSiteSettings()
  const payload = await payloadClient()
  return payload.findGlobal({
    slug: 'site-settings',
    depth: 0,
    draft: true,
    overrideAccess: false,
    user,
  })
})

/** The search and share settings of a fixed page (decision 0122), with its share image. */
export const getPageSeo = cache(async (path: string) => {
  const payload = await payloadClient()
  const { docs } = await payload.find({
    collection: 'page-seo',
    ...(await readAs({ path: { equals: path } })),
    depth: 1,
    limit: 1,
  })
  return docs[0] ?? null
})
