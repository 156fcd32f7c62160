import type { AuthStrategyFunction, Payload } from 'payload'

import { clientIpOf } from '@/endpoints/http'
import { env } from '@/lib/env'
import type { User } from '@/payload-types'

import { recordSessionUse, type SessionLimits } from './activity'
import { networkOf } from './describe'

/**
 * The two limits of a signed-in session (decision 0215): unused for SESSION_IDLE_MINUTES, and
 * at most the users collection's token lifetime after sign-in however often it is refreshed.
 */
export const sessionLimits = (payload: Payload): SessionLimits => ({
  idleMs: env().SESSION_IDLE_MINUTES * 60_000,
  absoluteMs: payload.collections.users.config.auth.tokenExpiration * 1000,
})

type SessionUser = User & { _sid?: string }

/**
 * Payload's own session check (signature, expiry, the session still stored), then ours: a session
 * past either limit is ended and the request is anonymous. If ours cannot run (the database), the
 * error makes Payload treat the request as anonymous too: it fails closed.
 */
export const withSessionLimits =
  (authenticate: AuthStrategyFunction): AuthStrategyFunction =>
  async (args) => {
    const result = await authenticate(args)
    const user = result.user as SessionUser | null
    if (!user || user.collection !== 'users' || !user._sid) return result
    const session = user.sessions?.find(({ id }) => id === user._sid)
    if (!session) return { user: null }
    const alive = await recordSessionUse(
      args.payload,
      {
        userId: user.id,
        sessionId: user._sid,
        signedInAt: new Date(session.createdAt ?? 0),
        userAgent: args.headers.get('user-agent'),
        network: networkOf(clientIpOf(args.headers)),
      },
      sessionLimits(args.payload),
      new Date(),
    )
    return alive ? result : { user: null }
  }

/**
 * Wraps Payload's JWT strategy, the one door every signed-in request passes (REST, GraphQL, the
 * admin's views, our endpoints), rather than adding a strategy before it: a strategy of ours that
 * said no would only hand the request on to Payload's, which would say yes. (payload.config.ts onInit)
 */
export const enforceSessionLimits = (payload: Payload) => {
  const jwt = payload.authStrategies.find(({ name }) => name === 'local-jwt')
  if (!jwt) throw new Error('Payload has no local-jwt strategy to hold to the session limits')
  if (!('sessionLimits' in jwt)) {
    jwt.authenticate = withSessionLimits(jwt.authenticate)
    Object.assign(jwt, { sessionLimits: true })
  }
}
