import { randomUUID } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { bare, payload_jobs } from '@/db'
import { EMAIL_QUEUE } from '@/lib/constants'
import { loggableError } from '@/lib/loggable-error'
import { metrics } from '@/lib/metrics/registry.mjs'
import { sendCampaignMail } from '@/services/campaigns/send-mail'
import {
  type ClaimedEmail,
  STALE_CLAIM_MINUTES,
  claimEmails,
  sendClaimed,
} from '@/services/email/deliver'
import { takeSendTokens } from '@/services/email/send-rate'

import { sendEmail } from './send-email'

const MINUTE = 60_000
const DAY = 86_400_000

/**
 * The next run of each periodic task: sequence steps and the engagement rollup every minute, the
 * deliverability rollup at 00:10 UTC, the retention purge at 03:30 UTC.
 */
const PERIODIC = [
  { task: 'sendSequenceSteps', next: (now: number) => Math.ceil((now + 1) / MINUTE) * MINUTE },
  { task: 'rollupEngagementEvents', next: (now: number) => Math.ceil((now + 1) / MINUTE) * MINUTE },
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
      SELECT 1 FROM ${payload_jobs} WHERE ${bare(payload_jobs.taskSlug)} = ${task} AND ${bare(payload_jobs.completedAt)} IS NULL
        AND ${bare(payload_jobs.hasError)} IS NOT true LIMIT 1`)
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
 * taken over. The email-log claim (claimEmails) is the final guard against a second delivery.
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
    UPDATE ${payload_jobs} SET ${bare(payload_jobs.processing)} = false,
      ${bare(payload_jobs.queue)} = ${EMAIL_QUEUE}, ${bare(payload_jobs.updatedAt)} = now()
    WHERE ${bare(payload_jobs.processing)} AND ${bare(payload_jobs.queue)} LIKE ${`${EMAIL_QUEUE}:%`} AND ${bare(payload_jobs.queue)} <> ${RUNNER_QUEUE}
      AND ${bare(payload_jobs.updatedAt)} < now() - make_interval(mins => ${STALE_CLAIM_MINUTES + 5})`)
  // sendEmail jobs are marked processing: this process sends them itself (sendEmails), so
  // Payload's runner below leaves them alone. The due jobs are read in the order of their index
  // (payload_jobs_due_idx) and updated by id, so a tick reads the jobs it takes, whatever the
  // backlog (decision 0279).
  const claimed = await payload.db.drizzle.execute(sql`
    UPDATE ${payload_jobs} SET ${bare(payload_jobs.queue)} = ${RUNNER_QUEUE},
      ${bare(payload_jobs.processing)} = (${bare(payload_jobs.taskSlug)} = 'sendEmail'),
      ${bare(payload_jobs.updatedAt)} = now()
    WHERE ${bare(payload_jobs.id)} = ANY(ARRAY(
      SELECT ${bare(payload_jobs.id)} FROM ${payload_jobs}
      WHERE ${bare(payload_jobs.completedAt)} IS NULL AND ${bare(payload_jobs.hasError)} IS NOT true AND ${bare(payload_jobs.processing)} IS NOT true
        AND (${bare(payload_jobs.waitUntil)} IS NULL OR ${bare(payload_jobs.waitUntil)} <= now())
        AND (${bare(payload_jobs.queue)} = ${EMAIL_QUEUE} OR ${bare(payload_jobs.queue)} = ${RUNNER_QUEUE}
          OR (${bare(payload_jobs.queue)} LIKE ${`${EMAIL_QUEUE}:%`} AND ${bare(payload_jobs.updatedAt)} < now() - interval '1 minute'
            AND (${bare(payload_jobs.waitUntil)} IS NULL OR ${bare(payload_jobs.waitUntil)} < now() - interval '1 minute')))
      -- Other tasks (a campaign's fan-out, sequence steps, the nightly jobs) before deliveries:
      -- a campaign starts queueing its recipients while a backlog of mail is still going out.
      ORDER BY (${bare(payload_jobs.taskSlug)} = 'sendEmail'),
        ${bare(payload_jobs.createdAt)} LIMIT ${limit} FOR UPDATE SKIP LOCKED))
    RETURNING ${bare(payload_jobs.id, payload_jobs.taskSlug, payload_jobs.input, payload_jobs.totalTried)}`)
  const jobs = claimed.rows as ClaimedJob[]
  for (const job of jobs) metrics().jobsClaimed.inc({ task: job.task_slug })
  const sends = jobs.filter((job) => job.task_slug === sendEmail.slug)
  if (sends.length > 0) await sendEmails(payload, sends)
  if (sends.length < jobs.length)
    await payload.jobs.run({ queue: RUNNER_QUEUE, limit, silent: { info: true } })
  // Then campaign mail for about a second (a batch or a few; docs/decisions/0200): mail to one
  // person queued meanwhile waits at most that long.
  return jobs.length + (await sendCampaignMail(payload, { budgetMs: 1000 }))
}

type ClaimedJob = {
  id: number
  task_slug: string
  input: { logId?: number } | null
  total_tried: string | number | null
}

/** Messages one process sends at once (the SMTP transport keeps a pool of connections). */
const SEND_CONCURRENCY = 10

/**
 * Works claimed sendEmail jobs without Payload's runner, which reads, updates, logs and deletes
 * each job in statements of its own: their email-log rows are claimed in one statement
 * (claimEmails: at most one delivery each, the skip rule checked there), the claimed messages are
 * sent through the transport, then the finished jobs are deleted in one statement; a failed one
 * goes back on the queue with the task's exponential backoff (Payload's retry, as its runner would).
 */
const sendEmails = async (payload: Payload, jobs: ClaimedJob[]) => {
  const logIds = jobs.map((job) => Number(job.input?.logId)).filter(Number.isInteger)
  let claimed: ClaimedEmail[]
  try {
    claimed = await claimEmails(payload, logIds)
  } catch (error) {
    // Back on the queue with backoff, as a failed send would be.
    for (const job of jobs) await retryLater(payload, job, error)
    return
  }
  // Mail to one person goes at once, but counts against the shared rate (campaigns wait for it).
  const toSend = claimed.filter((row) => !row.skip_reason).length
  if (toSend > 0) await takeSendTokens(payload, toSend, { force: true })
  const rows = new Map(claimed.map((row) => [row.id, row]))
  const finished: number[] = []
  const sends: { job: ClaimedJob; row: ClaimedEmail }[] = []
  for (const job of jobs) {
    const row = rows.get(Number(job.input?.logId))
    // A job whose message was skipped, or is no longer queued, is done.
    if (!row || row.skip_reason) finished.push(job.id)
    else sends.push({ job, row })
  }
  let next = 0
  const worker = async () => {
    while (next < sends.length) {
      const { job, row } = sends[next++]
      try {
        await sendClaimed(payload, row)
        finished.push(job.id)
      } catch (error) {
        await retryLater(payload, job, error)
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, sends.length) }, worker))
  if (finished.length > 0)
    await payload.db.drizzle.execute(sql`
      DELETE FROM ${payload_jobs} WHERE ${bare(payload_jobs.id)} IN (${sql.join(
        finished.map((id) => sql`${id}`),
        sql`, `,
      )})`)
}

const retryLater = async (payload: Payload, job: ClaimedJob, error: unknown) => {
  const tried = Number(job.total_tried ?? 0) + 1
  const { attempts, backoff } = sendEmail.retries as {
    attempts: number
    backoff: { delay: number }
  }
  const delayMs = backoff.delay * 2 ** (tried - 1)
  const logged = loggableError(error)
  payload.logger.error({ msg: 'email delivery failed', job: job.id, attempt: tried, error: logged })
  await payload.db.drizzle.execute(sql`
    UPDATE ${payload_jobs} SET ${bare(payload_jobs.processing)} = false,
      ${bare(payload_jobs.queue)} = ${EMAIL_QUEUE}, ${bare(payload_jobs.totalTried)} = ${tried},
      ${bare(payload_jobs.hasError)} = ${tried > attempts},
      ${bare(payload_jobs.error)} = ${JSON.stringify(logged)}::jsonb,
      ${bare(payload_jobs.waitUntil)} = now() + make_interval(secs => ${delayMs / 1000}),
      ${bare(payload_jobs.updatedAt)} = now()
    WHERE ${bare(payload_jobs.id)} = ${job.id}`)
}

/** Longest a timer tick keeps working a full queue before leaving the rest to the next tick. */
const TICK_BUDGET_MS = 60_000

let stopped = false

/** A timer tick: batch after batch while there is work (a big send drains at full speed). */
export const timerTick = async (payload: Payload) => {
  const until = Date.now() + TICK_BUDGET_MS
  while (!stopped && (await runEmailQueue(payload, 100)) > 0 && Date.now() < until);
}

/**
 * A stopping process (`npm run worker`): no timer tick starts another batch; resolves once the
 * batch under way is done.
 */
export const stopEmailQueue = () => {
  stopped = true
  return ticking
}

/** Runs the email queue until nothing is due (tests, benchmark, command line). */
export const drainEmailQueue = async (payload: Payload) => {
  while ((await runEmailQueue(payload)) > 0);
}
