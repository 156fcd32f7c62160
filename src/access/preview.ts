import type { GeneratePreviewURL, LivePreviewConfig, PayloadRequest } from 'payload'

import { isPreviewSecret, previewPath, previewUrl } from '@/lib/content/preview'
import { isSitePath } from '@/lib/links'

import { canReadDrafts } from './content'

type User = PayloadRequest['user']

export type PreviewDecision =
  | { status: 400 | 403; message: string; errors?: Record<string, string> }
  | { status: 307; path: string; draft: boolean }

/**
 * What a preview link does (decision 0120): a malformed path is refused, a link whose secret does
 * not match its path too; a valid link opens the page, in draft mode only for a signed-in user who
 * may read drafts (full admins, editors, and demo users, who read drafts in the admin anyway). Anyone
 * else, a visitor who was sent the link included, gets the published page.
 */
export const decidePreview = (
  user: User,
  path: string | null,
  secret: string | null,
): PreviewDecision => {
  if (!path || !isSitePath(path))
    return {
      status: 400,
      message: 'Choose a page of this site to preview.',
      errors: { path: 'Must be a path on this site, such as /insights/an-article.' },
    }
  if (!isPreviewSecret(path, secret))
    return { status: 403, message: 'This preview link is not valid. Open it again from the admin.' }
  return { status: 307, path, draft: canReadDrafts(user) }
}

type PreviewPathOf = (doc: Record<string, unknown>) => string | null

/**
 * The admin's live preview (beside the form) and "Preview" button of a collection or global. Links
 * are made for users who may read drafts only; for others there is no preview at all.
 */
export const previewAdmin = (
  pathOf: PreviewPathOf,
): { livePreview: LivePreviewConfig; preview: GeneratePreviewURL } => {
  const pathFor = (doc: Record<string, unknown> | undefined, user: User) =>
    canReadDrafts(user) ? pathOf(doc ?? {}) : null
  return {
    livePreview: {
      url: ({ data, req }) => {
        const path = pathFor(data, req.user)
        return path ? previewPath(path) : null
      },
    },
    preview: (doc, { req }) => {
      const path = pathFor(doc, req.user)
      return path ? previewUrl(path) : null
    },
  }
}
