import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { bare, instance_heartbeats } from '@/db'
import { loggableError } from '@/lib/loggable-error'
import { shouldLog } from '@/lib/db/unavailable'

import { thisInstance } from './instance'
import { flushRequestErrors, pruneRequestErrors } from './request-errors'

/**
 * Every instance's heartbeat (decision 0226): one row each, written every HEARTBEAT_SECONDS. Seen
 * within MISSING_AFTER_SECONDS: running; older: missing; older than DROP_AFTER_SECONDS: dropped
 * (a stopped or replaced instance leaves the view on its own).
 */
export const HEARTBEAT_SECONDS = 15
export const MISSING_AFTER_SECONDS = 45
export const DROP_AFTER_SECONDS = 15 * 60

/** Writes this instance's row, drops long-gone ones, and stores the failed answers waiting. */
export const beat = async (payload: Payload) => {
  const instance = thisInstance()
  await payload.db.drizzle.execute(sql`
    INSERT INTO ${instance_heartbeats} (${bare(instance_heartbeats.instanceId, instance_heartbeats.buildId, instance_heartbeats.version, instance_heartbeats.startedAt, instance_heartbeats.lastSeenAt)})
    VALUES (${instance.id}, ${instance.buildId}, ${instance.version}, ${instance.startedAt}, now())
    ON CONFLICT (${bare(instance_heartbeats.instanceId)}) DO UPDATE SET
      ${bare(instance_heartbeats.buildId)} = excluded.${bare(instance_heartbeats.buildId)},
      ${bare(instance_heartbeats.version)} = excluded.${bare(instance_heartbeats.version)},
      ${bare(instance_heartbeats.startedAt)} = excluded.${bare(instance_heartbeats.startedAt)},
      ${bare(instance_heartbeats.lastSeenAt)} = now()`)
  await payload.db.drizzle.execute(sql`
    DELETE FROM ${instance_heartbeats}
    WHERE ${bare(instance_heartbeats.lastSeenAt)} < now() - make_interval(secs => ${DROP_AFTER_SECONDS})`)
  await flushRequestErrors(payload)
  await pruneRequestErrors(payload)
}

const STATE = Symbol.for('starfinity.heartbeat')
type State = { timer?: NodeJS.Timeout }

/** Beats now and every HEARTBEAT_SECONDS while the process runs (once per process). */
export const startHeartbeat = (payload: Payload) => {
  const state = ((process as unknown as Record<symbol, State>)[STATE] ??= {})
  if (state.timer) return
  const tick = async () => {
    try {
      await beat(payload)
    } catch (error) {
      const { log } = shouldLog('heartbeat failed', 60_000)
      if (log) payload.logger.warn({ msg: 'heartbeat failed', error: loggableError(error).message })
    }
  }
  void tick()
  state.timer = setInterval(tick, HEARTBEAT_SECONDS * 1000)
  state.timer.unref()
}
