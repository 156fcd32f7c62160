import type { Access } from 'payload'

import { canEditContentUser, isAdminUser } from './index'

/**
 * Content with drafts: signed-in admins (full, demo, editor) read drafts too; visitors and the
 * REST API without a session read published documents only.
 */
const signedIn = (user: Parameters<typeof isAdminUser>[0]) =>
  isAdminUser(user) || canEditContentUser(user)

/** Who reads drafts, in the admin and in previews of the site (decision 0120). */
export const canReadDrafts = signedIn

export const readPublished: Access = ({ req }) =>
  signedIn(req.user) ? true : { _status: { equals: 'published' } }

export const readVersions: Access = ({ req }) => signedIn(req.user)

/** Where clause for the public pages' Local API reads (they run with overrideAccess). */
export const PUBLISHED = { _status: { equals: 'published' } } as const
