import type { BrandFacts } from '@/services/content/brand-facts'

const STORY_LINES = 'Wild (ages 3-8), Kids (8-12), Sci-Fi (12-18) and Saga (adults)'
const VENTURES =
  'the Earth companion app (waitlist open), publishing, Starfinity Records, a studio and the story universe'

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
