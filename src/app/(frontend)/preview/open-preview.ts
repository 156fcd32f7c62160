import { decidePreview } from '@/access/preview'
import { sitePath } from '@/lib/links'
import { payloadClient } from '@/services/content/client'

/** Next.js's draft mode (`await draftMode()`), or one built the same way in tests. */
export type DraftModeSwitch = { enable: () => void; disable: () => void }

/**
 * To a page of this site, resolved and percent-encoded as a URL has it (a header holds no other
 * characters), or home when the path resolves anywhere else (decision 0191).
 */
const redirectTo = (path: string | null) =>
  new Response(null, {
    status: 307,
    headers: { Location: (path && sitePath(path)) ?? '/', 'Cache-Control': 'no-store' },
  })

/**
 * GET /preview?path=…&secret=… (decision 0120): draft mode on for a signed-in user who may read
 * drafts, off for anyone else, then the page itself. The session is Payload's (cookie or token).
 */
export const openPreview = async (request: Request, draft: DraftModeSwitch) => {
  const params = new URL(request.url).searchParams
  const payload = await payloadClient()
  const { user } = await payload.auth({ headers: request.headers })
  const decision = decidePreview(user, params.get('path'), params.get('secret'))
  if (decision.status !== 307) {
    const { status, ...body } = decision
    return Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } })
  }
  if (decision.draft) draft.enable()
  else draft.disable()
  return redirectTo(decision.path)
}

/** GET /preview/exit?path=…: draft mode off, back to the page (or home). */
export const exitPreview = (request: Request, draft: DraftModeSwitch) => {
  const path = new URL(request.url).searchParams.get('path')
  draft.disable()
  return redirectTo(path)
}
