import type { Access, FieldAccess, PayloadRequest } from 'payload'

export type AccessLevel = 'full' | 'demo' | 'editor'

type MaybeUser = PayloadRequest['user']

const levelOf = (user: MaybeUser): AccessLevel | undefined =>
  user && user.collection === 'users' ? (user.accessLevel as AccessLevel) : undefined

export const isFullAdminUser = (user: MaybeUser): boolean => levelOf(user) === 'full'
export const isDemoUser = (user: MaybeUser): boolean => levelOf(user) === 'demo'
/** Full and demo admins see personal data; editors do not. */
export const isAdminUser = (user: MaybeUser): boolean => {
  const level = levelOf(user)
  return level === 'full' || level === 'demo'
}
export const canEditContentUser = (user: MaybeUser): boolean => {
  const level = levelOf(user)
  return level === 'full' || level === 'editor'
}

export const anyone: Access = () => true
export const nobody: Access = () => false
export const isFullAdmin: Access = ({ req }) => isFullAdminUser(req.user)
export const isAdmin: Access = ({ req }) => isAdminUser(req.user)
export const canEditContent: Access = ({ req }) => canEditContentUser(req.user)
export const isFullAdminField: FieldAccess = ({ req }) => isFullAdminUser(req.user)

/** Personal data: admins (full or demo) read, only full admins write. Visitors use the public endpoints. */
export const personalDataAccess = {
  read: isAdmin,
  create: isFullAdmin,
  update: isFullAdmin,
  delete: isFullAdmin,
  unlock: isFullAdmin,
  readVersions: isAdmin,
}

/** Collections that hold personal data: they get demo masking (src/plugins/demo-mode.ts). */
export const isPersonalData = (collection: { access?: { read?: unknown } }): boolean =>
  collection.access?.read === personalDataAccess.read

/** Secrets (tokens, keys): stored for the server's own use, readable through no API by anyone. */
export const secretFieldAccess = { read: () => false, create: () => false, update: () => false }

/** Site content: everyone reads, full admins and editors write. */
export const contentAccess = {
  read: anyone,
  create: canEditContent,
  update: canEditContent,
  delete: canEditContent,
  unlock: canEditContent,
  readVersions: canEditContent,
}

/** Internal bookkeeping tables that no one reads or writes over the API. */
export const internalAccess = {
  read: nobody,
  create: nobody,
  update: nobody,
  delete: nobody,
  unlock: nobody,
  readVersions: nobody,
}
