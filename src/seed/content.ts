import { readFile } from 'node:fs/promises'
import path from 'node:path'

import type { CollectionSlug, Payload, RequiredDataFromCollectionSlug } from 'payload'

import { articles, books, characters, faqItems, shopProducts, siteSettings, songs } from './data'

// Seeding runs outside a Next request: nothing to revalidate.
const context = { disableRevalidate: true }

const hasDrafts = (payload: Payload, collection: CollectionSlug) =>
  Boolean(payload.collections[collection]?.config.versions?.drafts)

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
    // Seeded content is live at once (collections with drafts would otherwise store a draft).
    const live = { _status: 'published', ...data } as typeof data
    if (found.totalDocs === 0)
      await payload.create({
        collection,
        data: hasDrafts(payload, collection) ? live : data,
        context,
        depth: 0,
      })
  }
}

/** The seed's artwork (a file under /public) in Media, uploaded once: the sizes are made from it. */
const ensureMedia = async (payload: Payload, file: string, alt: string) => {
  const filename = path.basename(file).replace(/\.svg$/, '-seed.svg')
  const found = await payload.find({
    collection: 'media',
    where: { filename: { equals: filename } },
    limit: 1,
    depth: 0,
  })
  if (found.docs[0]) return found.docs[0].id
  const data = await readFile(path.join(process.cwd(), 'public', file))
  const media = await payload.create({
    collection: 'media',
    data: { alt },
    file: { data, mimetype: 'image/svg+xml', name: filename, size: data.length },
    context,
    depth: 0,
  })
  return media.id
}

/** Articles whose cover is named by a seed file: the file is imported into Media first. */
const withCovers = async (payload: Payload, docs: Awaited<ReturnType<typeof articles>>) => {
  const out = []
  for (const doc of docs) {
    const cover = doc.coverImage as unknown as { seedFile?: string; alt?: string } | undefined
    const found = await payload.count({
      collection: 'articles',
      where: { slug: { equals: doc.slug } },
    })
    if (found.totalDocs > 0 || !cover?.seedFile) {
      out.push({ ...doc, coverImage: undefined })
      continue
    }
    out.push({ ...doc, coverImage: await ensureMedia(payload, cover.seedFile, cover.alt ?? '') })
  }
  return out
}

export const seedContent = async (payload: Payload) => {
  await ensure(payload, 'characters', 'slug', characters)
  await ensure(payload, 'articles', 'slug', await withCovers(payload, await articles(payload)))
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
    await payload.updateGlobal({
      slug: 'site-settings',
      data: { ...siteSettings, _status: 'published' },
      context,
      depth: 0,
    })
}
