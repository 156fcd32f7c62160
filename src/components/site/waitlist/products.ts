import { DEFAULT_PRODUCT } from '@/lib/constants'

/** The waitlist page's products (spec §2): the headline and blurb change by `?product=`. */
export const WAITLIST_PAGE_PRODUCTS = {
  'earth-app': {
    label: 'Earth App',
    headline: 'Join the Earth App Waitlist',
    blurb:
      'Be among the first to explore the companion app for conscious families: daily nature moments, mindful rituals and stories that grow with your child.',
    attributes: { audience: 'families', offering: 'companion app', stage: 'early access' },
  },
  publishing: {
    label: 'Starfinity Publishing',
    headline: 'Join the Publishing Waitlist',
    blurb:
      'Hear first about new books in the Wild, Kids, Sci-Fi and Saga story lines, signed editions and early chapters for our community.',
    attributes: { audience: 'readers', offering: 'books', stage: 'new releases' },
  },
  records: {
    label: 'Starfinity Records',
    headline: 'Join the Records Waitlist',
    blurb:
      'Get early access to new songs, albums and live listening sessions from the label that makes music for the heart.',
    attributes: { audience: 'listeners', offering: 'music', stage: 'early releases' },
  },
  universe: {
    label: 'Starfinity Universe',
    headline: 'Join the Universe Waitlist',
    blurb:
      'Step into the story universe first: new characters, interactive adventures and worlds for every age, from Wild to Saga.',
    attributes: { audience: 'story fans', offering: 'story universe', stage: 'world preview' },
  },
} as const

export type WaitlistPageProduct = keyof typeof WAITLIST_PAGE_PRODUCTS
export const WAITLIST_PAGE_PRODUCT_NAMES = Object.keys(WAITLIST_PAGE_PRODUCTS)

export const isWaitlistPageProduct = (value: unknown): value is WaitlistPageProduct =>
  typeof value === 'string' && Object.hasOwn(WAITLIST_PAGE_PRODUCTS, value)

/** The product named by the query, or the default (earth-app) for a missing or unknown one. */
export const waitlistProduct = (value: string | null | undefined): WaitlistPageProduct =>
  isWaitlistPageProduct(value) ? value : (DEFAULT_PRODUCT as WaitlistPageProduct)
