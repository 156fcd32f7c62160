import { AsyncLocalStorage } from 'node:async_hooks'

import { revalidatePath, revalidateTag } from 'next/cache'
import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  GlobalAfterChangeHook,
  Payload,
  PayloadRequest,
} from 'payload'

import { postRevalidation, type RevalidateOrder } from './revalidate-request'

type Order = Omit<RevalidateOrder, 'timestamp'>

/** Refreshes the pages now; throws outside a request of the Next server. */
export const revalidateNow = ({ paths, tags, layout }: Order) => {
  for (const tag of tags) revalidateTag(tag, 'max')
  for (const path of paths) revalidatePath(path)
  if (layout) revalidatePath('/', 'layout')
}

/**
 * Work of the jobs timer (scheduled publish and unpublish), which runs outside any request. Next
 * revalidates only inside one of its requests, and the timer's callbacks may even carry the store
 * of the long-finished request that started it (where a `revalidatePath` is silently lost): so the
 * refreshes asked for in this scope are kept, then sent to the server's own signed endpoint once
 * the jobs have run and their transactions committed (decision 0122).
 */
const outsideRequest = new AsyncLocalStorage<true>()
const pending = { paths: new Set<string>(), tags: new Set<string>(), layout: false }

/**
 * Public pages are static; an editor's change refreshes the pages it feeds. Seed, CLI and tests
 * pass `context.disableRevalidate`; outside the Next server there is no page cache to refresh,
 * which is logged, never thrown.
 */
const apply = (req: PayloadRequest, context: Record<string, unknown>, order: Order) => {
  if (context.disableRevalidate) return
  if (outsideRequest.getStore()) {
    for (const path of order.paths) pending.paths.add(path)
    for (const tag of order.tags) pending.tags.add(tag)
    pending.layout ||= order.layout
    return
  }
  try {
    revalidateNow(order)
  } catch (error) {
    req.payload.logger.warn({
      msg: 'revalidation skipped',
      paths: order.paths,
      error: (error as Error).message,
    })
  }
}

/** Sends the refreshes kept by `outsideRequest` to the server's signed endpoint. */
const flushRevalidations = async (payload: Payload) => {
  if (!pending.paths.size && !pending.tags.size && !pending.layout) return
  const order = { paths: [...pending.paths], tags: [...pending.tags], layout: pending.layout }
  pending.paths.clear()
  pending.tags.clear()
  pending.layout = false
  // Scripts and tests run no Next server: there is no page cache to refresh. The site's worker
  // (`npm run worker`) runs beside its server, which it tells.
  if (process.env.NEXT_RUNTIME !== 'nodejs' && process.env.SITE_WORKER !== '1') return
  try {
    await postRevalidation(order)
  } catch (error) {
    payload.logger.warn({
      msg: 'revalidation request failed',
      paths: order.paths,
      error: (error as Error).message,
    })
  }
}

/** Runs work outside any request (the jobs timer); the pages it changes are refreshed after it. */
export const runOutsideRequest = async <T>(payload: Payload, work: () => Promise<T>) => {
  try {
    return await outsideRequest.run(true, work)
  } finally {
    await flushRevalidations(payload)
  }
}

const refresh = (
  req: PayloadRequest,
  context: Record<string, unknown>,
  paths: string[],
  tags: string[],
) => apply(req, context, { paths, tags, layout: false })

/** `pathsOf` adds a document's own pages (before and after a change). */
export const revalidateContent = (
  paths: string[],
  tags: string[] = [],
  pathsOf: (doc: Record<string, unknown>) => string[] = () => [],
) => {
  const afterChange: CollectionAfterChangeHook = ({ doc, previousDoc, req, context }) => {
    const own = [...pathsOf(doc), ...(previousDoc ? pathsOf(previousDoc) : [])]
    refresh(req, context, [...new Set([...paths, ...own])], tags)
    return doc
  }
  const afterDelete: CollectionAfterDeleteHook = ({ doc, req, context }) => {
    refresh(req, context, [...paths, ...pathsOf(doc)], tags)
    return doc
  }
  return { afterChange: [afterChange], afterDelete: [afterDelete] }
}

/** Every page: the layout they all share. */
const refreshEveryPage = (req: PayloadRequest, context: Record<string, unknown>) =>
  apply(req, context, { paths: [], tags: [], layout: true })

/** Site settings feed the layout of every page. */
export const revalidateGlobal: GlobalAfterChangeHook = ({ doc, req, context }) => {
  refreshEveryPage(req, context)
  return doc
}

/**
 * Media: any page may show a picture (characters, books, the gallery, article covers), so a changed,
 * trashed or deleted one refreshes them all; a new upload is on no page until a document uses it,
 * and that document's own publish refreshes its pages.
 */
export const revalidateMedia = (() => {
  const afterChange: CollectionAfterChangeHook = ({ doc, operation, req, context }) => {
    if (operation === 'update') refreshEveryPage(req, context)
    return doc
  }
  const afterDelete: CollectionAfterDeleteHook = ({ doc, req, context }) => {
    refreshEveryPage(req, context)
    return doc
  }
  return { afterChange: [afterChange], afterDelete: [afterDelete] }
})()

type Versioned = { _status?: string | null } & Record<string, unknown>

/**
 * For collections with drafts: refreshes pages when a document is published, or when a published
 * one is unpublished or deleted; draft and autosave saves change nothing the public sees.
 * `pathsOf` adds the document's own pages (its old ones too, when a slug changes).
 */
export const revalidatePublished = (
  paths: string[],
  pathsOf: (doc: Versioned) => string[] = () => [],
) => {
  const afterChange: CollectionAfterChangeHook = ({ doc, previousDoc, req, context }) => {
    const now = (doc as Versioned)._status === 'published'
    const before = (previousDoc as Versioned | undefined)?._status === 'published'
    if (!now && !before) return doc
    const own = [...pathsOf(doc), ...(before && previousDoc ? pathsOf(previousDoc) : [])]
    refresh(req, context, [...new Set([...paths, ...own])], [])
    return doc
  }
  const afterDelete: CollectionAfterDeleteHook = ({ doc, req, context }) => {
    refresh(req, context, [...paths, ...pathsOf(doc)], [])
    return doc
  }
  return { afterChange: [afterChange], afterDelete: [afterDelete] }
}

/** Site settings with drafts: the layout (every page) is refreshed on publish only. */
export const revalidatePublishedGlobal: GlobalAfterChangeHook = (args) => {
  const doc = args.doc as Versioned
  const before = (args.previousDoc as Versioned | undefined)?._status === 'published'
  if (doc._status !== 'published' && !before) return args.doc
  return revalidateGlobal(args)
}
