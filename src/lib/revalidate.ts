import { revalidatePath, revalidateTag } from 'next/cache'
import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  GlobalAfterChangeHook,
  PayloadRequest,
} from 'payload'

/**
 * Public pages are static; an editor's change refreshes the pages it feeds.
 * Outside a Next request (seed, CLI, jobs) there is nothing to refresh: callers pass
 * `context.disableRevalidate`, and any other failure is logged, never thrown.
 */
const refresh = (
  req: PayloadRequest,
  context: Record<string, unknown>,
  paths: string[],
  tags: string[],
) => {
  if (context.disableRevalidate) return
  try {
    for (const tag of tags) revalidateTag(tag, 'max')
    for (const path of paths) revalidatePath(path)
  } catch (error) {
    req.payload.logger.warn({ msg: 'revalidation skipped', paths, error: (error as Error).message })
  }
}

export const revalidateContent = (paths: string[], tags: string[] = []) => {
  const afterChange: CollectionAfterChangeHook = ({ doc, req, context }) => {
    refresh(req, context, paths, tags)
    return doc
  }
  const afterDelete: CollectionAfterDeleteHook = ({ doc, req, context }) => {
    refresh(req, context, paths, tags)
    return doc
  }
  return { afterChange: [afterChange], afterDelete: [afterDelete] }
}

/** Every page: the layout they all share. */
const refreshEveryPage = (req: PayloadRequest, context: Record<string, unknown>) => {
  if (context.disableRevalidate) return
  try {
    revalidatePath('/', 'layout')
  } catch (error) {
    req.payload.logger.warn({ msg: 'revalidation skipped', error: (error as Error).message })
  }
}

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
