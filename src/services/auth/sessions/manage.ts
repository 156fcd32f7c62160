import type { Payload } from 'payload'

import { AppError } from '@/lib/errors'
import type { User } from '@/payload-types'
import { recordAudit } from '@/services/admin/audit'

import { endSessions, isSessionOver, storedSessions } from './activity'
import { describeBrowser } from './describe'
import { sessionLimits } from './policy'

export const OTHERS_SESSIONS_MESSAGE = "Only full admins may see or end another user's sessions."
export const SESSION_ENDED_MESSAGE = 'This session has already ended.'

/** Who asks: a signed-in user, with the session the request came with. */
export type SessionActor = Pick<User, 'id' | 'username' | 'accessLevel'> & { _sid?: string }

/** What the account page shows of a session: never the address itself, only its network. */
export type SessionView = {
  id: string
  browser: string
  network: string | null
  signedInAt: string
  lastSeenAt: string
  current: boolean
}

/**
 * Everyone manages their own sessions (demo users and editors too: it is their account, not the
 * site's data); only a full admin manages another user's. 403 before 404, so no one else learns
 * which users exist.
 */
export const requireSessionsOf = async (
  payload: Payload,
  actor: SessionActor,
  userId: number,
): Promise<SessionOwner> => {
  if (actor.id !== userId && actor.accessLevel !== 'full')
    throw new AppError(403, OTHERS_SESSIONS_MESSAGE)
  const user = await payload.db.findOne<User>({
    collection: 'users',
    where: { id: { equals: userId } },
    select: { username: true },
  })
  if (!user) throw new AppError(404, 'No such user.')
  return { id: userId, username: user.username }
}

/** The user whose sessions are managed, once requireSessionsOf let the actor in. */
export type SessionOwner = { id: number; username: string }

/** The user's live sessions, most recently used first; any found over a limit are ended now. */
export const listSessions = async (
  payload: Payload,
  actor: SessionActor,
  userId: number,
  now = new Date(),
): Promise<SessionView[]> => {
  await requireSessionsOf(payload, actor, userId)
  const limits = sessionLimits(payload)
  const stored = await storedSessions(payload, userId)
  const over = stored.filter((session) => isSessionOver(session, limits, now))
  if (over.length) await endSessions(payload, userId, { only: over.map(({ id }) => id) })
  return stored
    .filter((session) => !over.includes(session))
    .map((session) => ({
      id: session.id,
      browser: describeBrowser(session.userAgent),
      network: session.network,
      signedInAt: session.signedInAt.toISOString(),
      lastSeenAt: session.lastSeenAt.toISOString(),
      current: actor.id === userId && session.id === actor._sid,
    }))
}

const auditOthers = async (
  payload: Payload,
  actor: SessionActor,
  owner: SessionOwner,
  ended: string[],
) => {
  if (actor.id === owner.id) return
  await recordAudit(payload, actor, {
    action: 'users.end-sessions',
    targetCollection: 'users',
    targetId: owner.id,
    details: { username: owner.username, sessions: ended.length },
  })
}

/**
 * Ends one session of the user whose sessions requireSessionsOf opened (one's own current one
 * included: that is signing out).
 */
export const endSession = async (
  payload: Payload,
  actor: SessionActor,
  owner: SessionOwner,
  sessionId: string,
) => {
  const ended = await endSessions(payload, owner.id, { only: [sessionId] })
  if (!ended.length) throw new AppError(404, SESSION_ENDED_MESSAGE)
  await auditOthers(payload, actor, owner, ended)
  return { ended: ended.length }
}

/** One's own sessions other than this one; or every session of another user. */
export const endOtherSessions = async (
  payload: Payload,
  actor: SessionActor,
  owner: SessionOwner,
) => {
  const except = actor.id === owner.id ? (actor._sid ?? null) : null
  const ended = await endSessions(payload, owner.id, { except })
  await auditOthers(payload, actor, owner, ended)
  return { ended: ended.length }
}
