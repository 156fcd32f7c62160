import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { bare, user_session_activity as activity, users, users_sessions } from '@/db'
import { inTransaction, type Transaction } from '@/services/shared/transaction'

/** A session's last use is written at most this often (decision 0215). */
export const LAST_SEEN_INTERVAL_MS = 60_000

export type SessionLimits = { idleMs: number; absoluteMs: number }

export type SessionUse = {
  userId: number
  sessionId: string
  /** When the session was opened (Payload's session `createdAt`). */
  signedInAt: Date
  userAgent: string | null
  network: string | null
}

/** A session is over when unused for longer than the idle timeout, or older than the absolute one. */
export const isSessionOver = (
  { signedInAt, lastSeenAt }: { signedInAt: Date; lastSeenAt: Date },
  limits: SessionLimits,
  now: Date,
) =>
  now.getTime() - lastSeenAt.getTime() > limits.idleMs ||
  now.getTime() - signedInAt.getTime() > limits.absoluteMs

/**
 * One signed-in request of a session: false when the session is over (it is ended here, so it
 * stays ended on every instance); else true, with its last use written when the one stored is a
 * minute old or more. The write is one conditional UPDATE: of several requests at once, on any
 * instance, one writes and the others find the new time; a request that writes nothing takes no
 * row lock either. A session seen for the first time counts from its sign-in.
 */
export const recordSessionUse = async (
  payload: Payload,
  use: SessionUse,
  limits: SessionLimits,
  now: Date,
): Promise<boolean> => {
  const userAgent = use.userAgent?.slice(0, 512) || null
  const dueBefore = new Date(now.getTime() - LAST_SEEN_INTERVAL_MS).toISOString()
  const idleBefore = new Date(now.getTime() - limits.idleMs).toISOString()
  // The SELECT reads the row as it was before the UPDATE beside it (one snapshot).
  const { rows } = await payload.db.drizzle.execute(sql`
    WITH touched AS (
      UPDATE ${activity} SET ${bare(activity.lastSeenAt)} = ${now.toISOString()},
        ${bare(activity.userAgent)} = ${userAgent}, ${bare(activity.network)} = ${use.network}
      WHERE ${activity.sessionId} = ${use.sessionId} AND ${activity.lastSeenAt} <= ${dueBefore}
        AND ${activity.lastSeenAt} > ${idleBefore}
      RETURNING 1)
    SELECT ${activity.lastSeenAt} AS "lastSeenAt" FROM ${activity}
    WHERE ${activity.sessionId} = ${use.sessionId}`)
  const stored = (rows[0] as { lastSeenAt: string | Date } | undefined)?.lastSeenAt
  const lastSeenAt = stored ? new Date(stored) : use.signedInAt
  if (isSessionOver({ signedInAt: use.signedInAt, lastSeenAt }, limits, now)) {
    await endSessions(payload, use.userId, { only: [use.sessionId] })
    return false
  }
  if (!stored) {
    await payload.db.drizzle.execute(sql`
      INSERT INTO ${activity} (${bare(activity.sessionId, activity.userId, activity.lastSeenAt, activity.userAgent, activity.network)})
      VALUES (${use.sessionId}, ${use.userId}, ${now.toISOString()}, ${userAgent}, ${use.network})
      ON CONFLICT (${bare(activity.sessionId)}) DO NOTHING`)
    await forgetEndedActivity(payload.db.drizzle, use.userId)
  }
  return true
}

export type StoredSession = {
  id: string
  signedInAt: Date
  lastSeenAt: Date
  userAgent: string | null
  network: string | null
}

/** A user's sessions as stored, most recently used first (ended ones included: see listSessions). */
export const storedSessions = async (payload: Payload, userId: number) => {
  const { rows } = await payload.db.drizzle.execute(sql`
    SELECT ${users_sessions.id} AS id, ${users_sessions.createdAt} AS "signedInAt",
      ${activity.lastSeenAt} AS "lastSeenAt", ${activity.userAgent} AS "userAgent",
      ${activity.network} AS network
    FROM ${users_sessions} LEFT JOIN ${activity} ON ${activity.sessionId} = ${users_sessions.id}
    WHERE ${users_sessions._parentID} = ${userId}`)
  return (
    rows as {
      id: string
      signedInAt: string | null
      lastSeenAt: string | null
      userAgent: string | null
      network: string | null
    }[]
  )
    .map((row): StoredSession => {
      const signedInAt = new Date(row.signedInAt ?? 0)
      return {
        ...row,
        signedInAt,
        lastSeenAt: row.lastSeenAt ? new Date(row.lastSeenAt) : signedInAt,
      }
    })
    .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime())
}

/**
 * Ends some of a user's sessions (`only` these, or all `except` one, or all), at once for every
 * door: their rows leave Payload's users_sessions. The user's row is locked first, as Payload's
 * own sign-in, refresh and sign-out do (patches/payload), so none of them writes an ended session
 * back. Returns the ids ended.
 */
export const endSessions = (
  payload: Payload,
  userId: number,
  which: { only: string[] } | { except: string | null },
): Promise<string[]> =>
  inTransaction(payload, async ({ db }) => {
    await db.execute(sql`SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} FOR UPDATE`)
    const chosen =
      'only' in which
        ? sql`${users_sessions.id} = ANY(${sql.param(which.only)}::text[])`
        : sql`${users_sessions.id} IS DISTINCT FROM ${which.except}`
    const { rows } = await db.execute(sql`
      DELETE FROM ${users_sessions} WHERE ${users_sessions._parentID} = ${userId} AND ${chosen}
      RETURNING ${users_sessions.id} AS id`)
    await forgetEndedActivity(db, userId)
    return (rows as { id: string }[]).map((row) => row.id)
  })

/**
 * Drops the activity of a user's ended sessions: those ended here, and those Payload ended itself
 * (a sign-out, a password change). Runs when a session starts or sessions end, not per request.
 */
const forgetEndedActivity = (db: Pick<Transaction['db'], 'execute'>, userId: number) =>
  db.execute(sql`
    DELETE FROM ${activity} WHERE ${activity.userId} = ${userId} AND ${activity.sessionId} NOT IN
      (SELECT ${users_sessions.id} FROM ${users_sessions} WHERE ${users_sessions._parentID} = ${userId})`)
