import type { PayloadRequest } from 'payload'

import { DEMO_WRITE_MESSAGE } from '@/plugins/demo-mode'
export { DEMO_SEARCH_MESSAGE } from '@/plugins/demo-mode'
import { AppError } from '@/lib/errors'
import type { User } from '@/payload-types'

import { isAdminUser, isDemoUser, isFullAdminUser } from './index'

export const AUTH_REQUIRED_MESSAGE = 'Authentication required'
export const FORBIDDEN_MESSAGE = 'You are not allowed to perform this action.'
export const DEMO_EMAIL_MESSAGE =
  'Email sending is disabled in demo mode. Full access available to authenticated users.'
export const DEMO_AI_MESSAGE = 'AI assistance is disabled in demo mode'

export type AdminUser = User

const signedIn = (req: PayloadRequest): AdminUser => {
  if (!req.user || req.user.collection !== 'users') throw new AppError(401, AUTH_REQUIRED_MESSAGE)
  return req.user as AdminUser
}

/** Reading the dashboard: full and demo admins. Anonymous 401; editors (no personal data) 403. */
export const requireAdmin = (req: PayloadRequest): AdminUser => {
  const user = signedIn(req)
  if (!isAdminUser(user)) throw new AppError(403, FORBIDDEN_MESSAGE)
  return user
}

/**
 * Changing anything, sending or exporting: full admins only. A demo user gets the spec's message
 * for what was refused (the sending one for sends, the AI one for AI, the read-only one otherwise).
 */
export const requireFullAdmin = (
  req: PayloadRequest,
  demoMessage: string = DEMO_WRITE_MESSAGE,
): AdminUser => {
  const user = requireAdmin(req)
  if (isDemoUser(user)) throw new AppError(403, demoMessage)
  if (!isFullAdminUser(user)) throw new AppError(403, FORBIDDEN_MESSAGE)
  return user
}
