import { randomUUID } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { runOutsideRequest } from '../revalidate'

/** The queue Payload puts editors' scheduled publish and unpublish jobs on. */
export const SCHEDULE_QUEUE = 'default'

/** This process's private queue: the due jobs it has claimed, which no other instance runs. */
const RUNNER_QUEUE = `${SCHEDULE_QUEUE}:${randomUUID()}`

/** A job left in another process's private queue this long (that process died) is taken over. */
const TAKE_OVER_MINUTES = 10

/**
 * Moves the due jobs into this process's private queue in one statement (FOR UPDATE SKIP LOCKED):
 * with several instances ticking at the same second, each job is claimed by exactly one of them.
 * Payload's own runner reads the jobs and then marks them, so two instances could both run one.
 */
const claimDueJobs = (payload: Payload, limit: number) =>
  payload.db.drizzle.execute(sql`
    UPDATE payload_jobs SET queue = ${RUNNER_QUEUE}, processing = false, updated_at = now()
    WHERE id IN (
      SELECT id FROM payload_jobs
      WHERE completed_at IS NULL AND has_error IS NOT true
        AND (wait_until IS NULL OR wait_until <= now())
        AND ((queue = ${SCHEDULE_QUEUE} AND processing IS NOT true)
          OR (queue LIKE ${`${SCHEDULE_QUEUE}:%`} AND queue <> ${RUNNER_QUEUE}
            AND updated_at < now() - make_interval(mins => ${TAKE_OVER_MINUTES})))
      ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)`)

/**
 * Runs the scheduled publish/unpublish jobs that are due (decision 0080), each on one instance
 * only (decision 0157). Called on every tick of the jobs timer and by tests. The pages they change
 * are refreshed once the jobs have run.
 */
export const runScheduledPublishing = (payload: Payload) =>
  // The pages are refreshed at once, through the server's own endpoint (decision 0122).
  runOutsideRequest(payload, async () => {
    await claimDueJobs(payload, 20)
    return payload.jobs.run({ queue: RUNNER_QUEUE, limit: 20, silent: { info: true } })
  })
