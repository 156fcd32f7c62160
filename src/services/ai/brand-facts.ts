import type { Payload } from 'payload'

import { TAGLINE } from '@/lib/constants'
import { PUBLISHED } from '@/access/content'
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

const STORY_LINES = 'Wild (ages 3-8), Kids (8-12), Sci-Fi (12-18) and Saga (adults)'
const VENTURES =
  'the Earth companion app (waitlist open), publishing, Starfinity Records, a studio and the story universe'

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

/** The facts as short lines for a system prompt. */
export const brandFactsText = (facts: BrandFacts): string => {
  const lines = [
    `Brand: Starfinity, tagline "${facts.tagline}".`,
    `Ventures: ${VENTURES}.`,
    `Story lines by age: ${STORY_LINES}.`,
    ...facts.books.map(
      (book) =>
        `Book: "${book.title}"${book.series ? ` (${book.series})` : ''}${book.ages ? `, ages ${book.ages}` : ''}` +
        `${book.formats ? `. ${book.formats}` : ''}${book.storeUrl ? `. Order: ${book.storeUrl}` : ''}.`,
    ),
    ...facts.songs.map(
      (song) => `Song: "${song.title}"${song.artist ? ` by ${song.artist}` : ''}.`,
    ),
    facts.products.length ? `Shop products: ${facts.products.join(', ')}.` : '',
    `Response promise: ${facts.responsePromise}`,
    `Website: ${facts.siteUrl}`,
    facts.linkHubUrl ? `All social profiles: ${facts.linkHubUrl}` : '',
    facts.shopUrl ? `Shop: ${facts.shopUrl}` : '',
    facts.musicStoreUrl ? `Music: ${facts.musicStoreUrl}` : '',
  ]
  return lines.filter(Boolean).join('\n')
}
