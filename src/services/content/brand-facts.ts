import type { Payload } from 'payload'

import { PUBLISHED } from '@/access/content'
import { TAGLINE } from '@/lib/constants'
import { serverUrl } from '@/lib/env'

/** What a reply draft may say about the brand, read from the CMS so editors keep it current. */
export type BrandFacts = {
  tagline: string
  responsePromise: string
  siteUrl: string
  linkHubUrl?: string
  shopUrl?: string
  bookStoreUrl?: string
  musicStoreUrl?: string
  books: { title: string; series?: string; ages?: string; formats?: string; storeUrl?: string }[]
  songs: { title: string; artist?: string }[]
  products: string[]
}

export const RESPONSE_PROMISE = 'We reply to every message within 24-48 hours.'

export const loadBrandFacts = async (payload: Payload): Promise<BrandFacts> => {
  const [settings, books, songs, products] = await Promise.all([
    payload.findGlobal({ slug: 'site-settings', depth: 0 }),
    payload.find({
      collection: 'books',
      where: PUBLISHED,
      depth: 0,
      limit: 10,
      sort: 'seriesNumber',
    }),
    payload.find({ collection: 'songs', where: PUBLISHED, depth: 0, limit: 10 }),
    payload.find({ collection: 'shop-products', depth: 0, limit: 10, sort: 'order' }),
  ])
  return {
    tagline: settings.tagline || TAGLINE,
    responsePromise: RESPONSE_PROMISE,
    siteUrl: serverUrl(),
    linkHubUrl: settings.linkHubUrl || undefined,
    shopUrl: settings.shopUrl || undefined,
    bookStoreUrl: settings.bookStoreUrl || undefined,
    musicStoreUrl: settings.musicStoreUrl || undefined,
    books: books.docs.map((book) => ({
      title: book.title,
      series:
        book.seriesName && book.seriesNumber
          ? `${book.seriesName}, book ${book.seriesNumber}${book.seriesTotal ? ` of ${book.seriesTotal}` : ''}`
          : undefined,
      ages: book.ageRange ?? undefined,
      formats: book.formats ?? undefined,
      storeUrl: book.storeUrl ?? undefined,
    })),
    songs: songs.docs.map((song) => ({ title: song.title, artist: song.artist ?? undefined })),
    products: products.docs.map((product) => product.title),
  }
}
