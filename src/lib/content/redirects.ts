import type { CollectionAfterChangeHook } from 'payload'

type Doc = { id: number; slug?: string | null; _status?: string | null }

/**
 * When a published article's slug changes, its old address keeps working: a 308 redirect from the
 * old path to the article (plugin-redirects' collection). A redirect from the new path (the slug
 * was changed back) is removed, so no address redirects to itself.
 */
export const redirectOldSlug =
  (prefix: string): CollectionAfterChangeHook =>
  async ({ doc, previousDoc, req, collection }) => {
    const now = doc as Doc
    const before = previousDoc as Doc | undefined
    if (now._status !== 'published' || !before?.slug || before.slug === now.slug) return doc
    const from = `${prefix}${before.slug}`
    await req.payload.delete({
      collection: 'redirects',
      where: { from: { in: [from, `${prefix}${now.slug}`] } },
      req,
    })
    await req.payload.create({
      collection: 'redirects',
      data: {
        from,
        to: {
          type: 'reference',
          reference: { relationTo: collection.slug as 'articles', value: now.id },
        },
        type: '308',
      },
      req,
    })
    return doc
  }
