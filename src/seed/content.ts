import type { CollectionSlug, Payload, RequiredDataFromCollectionSlug } from 'payload'

import { books, characters, faqItems, insights, shopProducts, siteSettings, songs } from './data'

// Seeding runs outside a Next request: nothing to revalidate.
const context = { disableRevalidate: true }

/** Creates each document whose key (slug, handle, question) is not there yet. */
const ensure = async <S extends CollectionSlug>(
  payload: Payload,
  collection: S,
  key: string,
  docs: RequiredDataFromCollectionSlug<S>[],
) => {
  for (const data of docs) {
    const value = (data as Record<string, unknown>)[key]
    const found = await payload.count({ collection, where: { [key]: { equals: value } } })
    if (found.totalDocs === 0) await payload.create({ collection, data, context, depth: 0 })
  }
}

export const seedContent = async (payload: Payload) => {
  await ensure(payload, 'characters', 'slug', characters)
  await ensure(payload, 'insights', 'slug', await insights(payload))
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
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  if (!settings.shopName)
    await payload.updateGlobal({ slug: 'site-settings', data: siteSettings, context, depth: 0 })
}
