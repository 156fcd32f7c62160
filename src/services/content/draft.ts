import { draftMode, headers } from 'next/headers'
import type { Where } from 'payload'
import { cache } from 'react'

import { canReadDrafts, PUBLISHED } from '@/access/content'
import { payloadClient } from './client'

/**
 * The signed-in user a page is previewed for (decision 0120): only in draft mode, which only the
 * preview route turns on, and only while that user may read drafts. A draft-mode cookie without
 * such a session shows the published page. Outside draft mode nothing reads the request, so pages
 * stay in the page cache (decision 0070).
 */
export const previewReader = cache(async () => {
  let isEnabled = false
  try {
    isEnabled = (await draftMode()).isEnabled
  } catch {
    // Outside a request (build-time generators, scripts, tests): published content only.
    return null
  }
  if (!isEnabled) return null
  const payload = await payloadClient()
  const { user } = await payload.auth({ headers: await headers() })
  return user && canReadDrafts(user) ? user : null
})

/**
 * Query options for the page data functions: published documents, or for a previewing editor the
 * newest version of each (drafts included), with that user's access rules applied.
 */
export const readAs = async (where: Where = {}) => {
  const user = await previewReader()
  return user
    ? { where, draft: true, overrideAccess: false, user }
    : { where: { ...where, ...PUBLISHED }, draft: false }
}
