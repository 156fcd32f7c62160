import type { CollectionSlug, Payload, RequiredDataFromCollectionSlug } from 'payload'

import { PAGE_TEXTS } from '@/lib/page-texts'
import { PUBLIC_ROUTES } from '@/lib/routes'

import { ABOUT_GALLERY, importArtwork } from './artwork'
import {
  articles,
  books,
  characters,
  faqItems,
  shopProducts,
  siteSettings,
  songs,
  type Seeded,
} from './data'

// Seeding runs outside a Next request: nothing to revalidate.
const context = { disableRevalidate: true }

const hasDrafts = (payload: Payload, collection: CollectionSlug) =>
  Boolean(payload.collections[collection]?.config.versions?.drafts)

/** The document with each of its seed files imported into Media (once) and set by id. */
const withArtwork = async <S extends CollectionSlug>(
  payload: Payload,
  { seedFiles, ...data }: Seeded<S>,
) => {
  const out: Record<string, unknown> = { ...data }
  for (const [field, file] of Object.entries(seedFiles ?? {}))
    out[field] = await importArtwork(payload, file)
  return out as RequiredDataFromCollectionSlug<S>
}

/** Creates each document whose key (slug, handle, question) is not there yet. */
const ensure = async <S extends CollectionSlug>(
  payload: Payload,
  collection: S,
  key: string,
  docs: Seeded<S>[],
) => {
  for (const doc of docs) {
    const value = (doc as Record<string, unknown>)[key]
    const found = await payload.count({ collection, where: { [key]: { equals: value } } })
    if (found.totalDocs > 0) continue
    const data = await withArtwork(payload, doc)
    // Seeded content is live at once (collections with drafts would otherwise store a draft).
    const live = { _status: 'published', ...data } as typeof data
    await payload.create({
      collection,
      data: hasDrafts(payload, collection) ? live : data,
      context,
      depth: 0,
    })
  }
}

/** The founder's gallery of /about, its pictures imported into Media. */
const aboutGallery = async (payload: Payload) => {
  const rows = []
  for (const { file, caption } of ABOUT_GALLERY)
    rows.push({ image: await importArtwork(payload, file), caption })
  return rows
}

export const seedContent = async (payload: Payload) => {
  await ensure(payload, 'characters', 'slug', characters)
  await ensure(payload, 'articles', 'slug', await articles(payload))
  await ensure(payload, 'faq-items', 'question', faqItems)
  await ensure(payload, 'books', 'slug', books)
  const [book] = (
    await payload.find({
      collection: 'books',
      where: { slug: { equals: 'dune-big-ears' } },
      limit: 1,
      depth: 0,
    })
  ).docs
  await ensure(
    payload,
    'songs',
    'slug',
    songs.map((song) => ({ ...song, book: book?.id })),
  )
  await ensure(payload, 'shop-products', 'handle', shopProducts)
  // Every fixed page gets its search and share entry, with the texts it has today (decision 0122).
  await ensure(
    payload,
    'page-seo',
    'path',
    PUBLIC_ROUTES.map((path) => ({ path, meta: { ...PAGE_TEXTS[path] } })),
  )
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  if (!settings.shopName)
    await payload.updateGlobal({
      slug: 'site-settings',
      data: { ...siteSettings, aboutGallery: await aboutGallery(payload), _status: 'published' },
      context,
      depth: 0,
    })
}
