import {
  type CollectionBeforeValidateHook,
  type CollectionAfterChangeHook,
  ValidationError,
} from 'payload'

import { isSafeLink, isSitePath, UNSAFE_LINK_MESSAGE } from '@/lib/links'
import { revalidateContent } from '@/lib/revalidate'

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

/** Redirects lead from a page of this site to a page of it or an allowed address (decision 0191). */
export const checkRedirect: CollectionBeforeValidateHook = ({ data, collection }) => {
  const errors: { path: string; message: string }[] = []
  if (typeof data?.from === 'string' && !isSitePath(data.from))
    errors.push({ path: 'from', message: 'Must be a path of this site, starting with one /' })
  const to = data?.to as { type?: string; url?: unknown } | undefined
  if (to?.type === 'custom' && (typeof to.url !== 'string' || !isSafeLink(to.url)))
    errors.push({ path: 'to.url', message: UNSAFE_LINK_MESSAGE })
  if (errors.length) throw new ValidationError({ collection: collection.slug, errors })
  return data
}

/** A saved, changed or deleted redirect refreshes the cached page of the path it leads from. */
export const revalidateRedirect = revalidateContent([], [], (doc) =>
  typeof doc.from === 'string' ? [doc.from] : [],
)
