import { randomUUID } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { runOutsideRequest } from '../revalidate'
import { bare, payload_jobs } from '@/db'

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
    UPDATE ${payload_jobs} SET ${bare(payload_jobs.queue)} = ${RUNNER_QUEUE},
      ${bare(payload_jobs.processing)} = false, ${bare(payload_jobs.updatedAt)} = now()
    WHERE ${bare(payload_jobs.id)} IN (
      SELECT ${bare(payload_jobs.id)} FROM ${payload_jobs}
      WHERE ${bare(payload_jobs.completedAt)} IS NULL AND ${bare(payload_jobs.hasError)} IS NOT true
        AND (${bare(payload_jobs.waitUntil)} IS NULL OR ${bare(payload_jobs.waitUntil)} <= now())
        AND ((${bare(payload_jobs.queue)} = ${SCHEDULE_QUEUE} AND ${bare(payload_jobs.processing)} IS NOT true)
          OR (${bare(payload_jobs.queue)} LIKE ${`${SCHEDULE_QUEUE}:%`} AND ${bare(payload_jobs.queue)} <> ${RUNNER_QUEUE}
            AND ${bare(payload_jobs.updatedAt)} < now() - make_interval(mins => ${TAKE_OVER_MINUTES})))
      ORDER BY ${bare(payload_jobs.createdAt)} LIMIT ${limit} FOR UPDATE SKIP LOCKED)`)

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
