import type { Endpoint, PayloadRequest } from 'payload'

import { AUTH_REQUIRED_MESSAGE } from '@/access/admin'
import { AppError, badRequest } from '@/lib/errors'
import { sessionIdParamSchema } from '@/schemas/sessions'
import {
  endOtherSessions,
  endSession,
  listSessions,
  requireSessionsOf,
  type SessionActor,
} from '@/services/auth/sessions/manage'

import { handler, json } from '../http'
import { idOf } from './respond'

/** Any signed-in user: the services decide whose sessions they may see and end. */
const actorOf = (req: PayloadRequest): SessionActor => {
  if (!req.user || req.user.collection !== 'users') throw new AppError(401, AUTH_REQUIRED_MESSAGE)
  return req.user as SessionActor
}

const sessionIdOf = (req: PayloadRequest) => {
  const result = sessionIdParamSchema.safeParse(req.routeParams?.sessionId)
  if (result.success) return result.data
  const message = result.error.issues[0]!.message
  throw badRequest(message, { sessionId: message })
}

/**
 * A user's signed-in sessions (docs/decisions/0216-sessions-a-person-can-see-and-end.md): the
 * account page lists one's own and ends any of them; a full admin does the same for anyone.
 */
export const sessionsEndpoints: Endpoint[] = [
  {
    path: '/admin/users/:id/sessions',
    method: 'get',
    handler: handler(async (req) => {
      const actor = actorOf(req)
      return json({ sessions: await listSessions(req.payload, actor, idOf(req)) })
    }),
  },
  {
    // One's own: every session but this one. Another user's: every session.
    path: '/admin/users/:id/sessions',
    method: 'delete',
    handler: handler(async (req) => {
      const actor = actorOf(req)
      const owner = await requireSessionsOf(req.payload, actor, idOf(req))
      return json(await endOtherSessions(req.payload, actor, owner))
    }),
  },
  {
    path: '/admin/users/:id/sessions/:sessionId',
    method: 'delete',
    handler: handler(async (req) => {
      const actor = actorOf(req)
      const owner = await requireSessionsOf(req.payload, actor, idOf(req))
      return json(await endSession(req.payload, actor, owner, sessionIdOf(req)))
    }),
  },
]
