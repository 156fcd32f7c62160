import { randomUUID } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres/drizzle'
import type { JobsConfig, Payload, PayloadRequest, TaskConfig } from 'payload'

import { isFullAdminUser } from '@/access'

import { runScheduledPublishing } from '@/lib/content/schedule'
import { EMAIL_QUEUE } from '@/lib/constants'
import { env } from '@/lib/env'
import { loggableError } from '@/lib/loggable-error'
import { purgeExpiredData } from '@/services/retention'

import { MAX_ATTEMPTS, STALE_CLAIM_MINUTES, deliverEmail } from './deliver'
import { rollupDeliverability } from './metrics'
import { advanceSequences } from './sequences'

const sendEmail: TaskConfig<{ input: { logId: number }; output: { outcome: string } }> = {
  slug: 'sendEmail',
  label: 'Send one email',
  inputSchema: [{ name: 'logId', type: 'number', required: true }],
  outputSchema: [{ name: 'outcome', type: 'text' }],
  retries: {
    attempts: MAX_ATTEMPTS,
    backoff: { type: 'exponential', delay: env().EMAIL_RETRY_BASE_MS },
  },
  handler: async ({ input, req }) => ({
    output: { outcome: await deliverEmail(req.payload, input.logId) },
  }),
}

const sendSequenceSteps: TaskConfig<{ input: object; output: { queued: number } }> = {
  slug: 'sendSequenceSteps',
  label: 'Queue the due steps of email sequences',
  outputSchema: [{ name: 'queued', type: 'number' }],
  handler: async ({ req }) => ({ output: { queued: await advanceSequences(req.payload) } }),
}

const rollupDeliverabilityMetrics: TaskConfig<{ input: object; output: { days: number } }> = {
  slug: 'rollupDeliverabilityMetrics',
  label: 'Nightly rollup of email deliverability',
  outputSchema: [{ name: 'days', type: 'number' }],
  handler: async ({ req }) => ({ output: { days: await rollupDeliverability(req.payload) } }),
}

const purgeExpired: TaskConfig<{ input: object; output: { purged: number } }> = {
  slug: 'purgeExpiredData',
  label: 'Nightly deletion of data past its retention age',
  outputSchema: [{ name: 'purged', type: 'number' }],
  handler: async ({ req }) => {
    const purged = await purgeExpiredData(req.payload)
    req.payload.logger.info({ msg: 'expired data deleted', ...purged })
    return { output: { purged: Object.values(purged).reduce((sum, n) => sum + n, 0) } }
  },
}

const MINUTE = 60_000
const DAY = 86_400_000

/**
 * The next run of each periodic task: sequence steps every minute, the rollup at 00:10 UTC, the
 * retention purge at 03:30 UTC.
 */
const PERIODIC = [
  { task: 'sendSequenceSteps', next: (now: number) => Math.ceil((now + 1) / MINUTE) * MINUTE },
  {
    task: 'rollupDeliverabilityMetrics',
    next: (now: number) => Math.floor((now - 10 * MINUTE) / DAY) * DAY + DAY + 10 * MINUTE,
  },
  {
    task: 'purgeExpiredData',
    next: (now: number) => Math.floor((now - 210 * MINUTE) / DAY) * DAY + DAY + 210 * MINUTE,
  },
] as const

/**
 * Keeps one pending job of each periodic task on the queue (run before every queue tick). Two
 * instances racing may both add one; both tasks are safe to run twice.
 */
export const schedulePeriodicJobs = async (payload: Payload) => {
  for (const { task, next } of PERIODIC) {
    const pending = await payload.db.drizzle.execute(sql`
      SELECT 1 FROM payload_jobs WHERE task_slug = ${task} AND completed_at IS NULL
        AND has_error IS NOT true LIMIT 1`)
    if (pending.rows.length > 0) continue
    await payload.jobs.queue({
      task,
      input: {},
      queue: EMAIL_QUEUE,
      waitUntil: new Date(next(Date.now())),
    })
  }
}

/** This process's private queue name: jobs it has claimed wait there until it runs them. */
const RUNNER_QUEUE = `${EMAIL_QUEUE}:${randomUUID()}`

/**
 * One tick of the email queue in this process. Payload's own job pick-up reads and then updates
 * rows, so two instances could take the same job; instead due jobs are moved into this process's
 * private queue with FOR UPDATE SKIP LOCKED (one statement, so no other instance gets them), then
 * run there. A job left in another instance's private queue for a minute (that instance died) is
 * taken over. The email-log claim in deliverEmail is the final guard against a second delivery.
 */
export const runEmailQueue = (payload: Payload, limit = 100): Promise<number> => {
  // One tick at a time per process (its private queue is shared by its ticks).
  const run = ticking.then(() => tick(payload, limit))
  ticking = run.catch(() => undefined)
  return run
}

let ticking: Promise<unknown> = Promise.resolve()

const tick = async (payload: Payload, limit: number): Promise<number> => {
  await schedulePeriodicJobs(payload)
  // Jobs an instance was running when it died: after STALE_CLAIM_MINUTES (+5) they are free again.
  await payload.db.drizzle.execute(sql`
    UPDATE payload_jobs SET processing = false, queue = ${EMAIL_QUEUE}, updated_at = now()
    WHERE processing AND queue LIKE ${`${EMAIL_QUEUE}:%`} AND queue <> ${RUNNER_QUEUE}
      AND updated_at < now() - make_interval(mins => ${STALE_CLAIM_MINUTES + 5})`)
  const claimed = await payload.db.drizzle.execute(sql`
    UPDATE payload_jobs SET queue = ${RUNNER_QUEUE}, updated_at = now()
    WHERE id IN (
      SELECT id FROM payload_jobs
      WHERE completed_at IS NULL AND has_error IS NOT true AND processing IS NOT true
        AND (wait_until IS NULL OR wait_until <= now())
        AND (queue = ${EMAIL_QUEUE} OR queue = ${RUNNER_QUEUE}
          OR (queue LIKE ${`${EMAIL_QUEUE}:%`} AND updated_at < now() - interval '1 minute'
            AND (wait_until IS NULL OR wait_until < now() - interval '1 minute')))
      ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id`)
  if (claimed.rows.length === 0) return 0
  await payload.jobs.run({ queue: RUNNER_QUEUE, limit, silent: { info: true } })
  return claimed.rows.length
}

/** Longest a timer tick keeps working a full queue before leaving the rest to the next tick. */
const TICK_BUDGET_MS = 60_000

/** A timer tick: batch after batch while batches come back full (a big send drains at full speed). */
const timerTick = async (payload: Payload) => {
  const until = Date.now() + TICK_BUDGET_MS
  const batch = 100
  while ((await runEmailQueue(payload, batch)) === batch && Date.now() < until);
}

/** Runs the email queue until nothing is due (tests, benchmark, command line). */
export const drainEmailQueue = async (payload: Payload) => {
  while ((await runEmailQueue(payload)) > 0);
}

/**
 * Payload's jobs queue on PostgreSQL. Every app instance ticks the email queue on
 * EMAIL_QUEUE_CRON through Payload's autoRun (its shouldAutoRun hook runs runEmailQueue and tells
 * Payload's own pick-up to stand down); "off" leaves the queue to other instances. No Payload
 * schedules (they add a global and document locks): periodic tasks are kept queued by
 * schedulePeriodicJobs instead.
 */
const fullAdminOnly = ({ req }: { req: PayloadRequest }) => isFullAdminUser(req.user)

export const emailJobs = (): JobsConfig => ({
  tasks: [sendEmail, sendSequenceSteps, rollupDeliverabilityMetrics, purgeExpired],
  deleteJobOnComplete: true,
  // Running, queueing and cancelling jobs over the API: full admins only (Payload's default is
  // any signed-in user).
  access: { run: fullAdminOnly, queue: fullAdminOnly, cancel: fullAdminOnly },
  // Jobs are worked by the queue, never edited by people: no document locks on them.
  jobsCollectionOverrides: ({ defaultJobsCollection }) => ({
    ...defaultJobsCollection,
    lockDocuments: false,
  }),
  shouldAutoRun: async (payload) => {
    try {
      await timerTick(payload)
    } catch (error) {
      payload.logger.error({ msg: 'email queue tick failed', error: loggableError(error) })
    }
    try {
      // Editors' scheduled publish and unpublish (Payload queues them on the default queue).
      await runScheduledPublishing(payload)
    } catch (error) {
      payload.logger.error({ msg: 'scheduled publishing failed', err: error })
    }
    return false
  },
  autoRun:
    env().EMAIL_QUEUE_CRON === 'off'
      ? undefined
      : [{ cron: env().EMAIL_QUEUE_CRON, queue: EMAIL_QUEUE, disableScheduling: true }],
})
