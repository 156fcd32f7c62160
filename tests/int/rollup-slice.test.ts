/**
 * A roll-up catch-up takes turns with the email queue (decision 0281): one run of the roll-up job
 * works for its slice, then queues its continuation, due at once, and the queue's next batch takes
 * the mail waiting meanwhile with it; in the end every row is rolled up once.
 */
import { sql } from '@payloadcms/db-postgres/drizzle'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { drainEmailQueue, runEmailQueue } from '@/jobs/queue'
import { EMAIL_QUEUE } from '@/lib/constants'
import { queueEmail } from '@/services/email/queue'

import { startApp, type TestApp, uniqueEmail } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(async () => app?.close())

/** Rows the roll-up takes per transaction (src/services/metrics/rollup.ts). */
const CHUNK = 50_000
const EVENTS = 120_000

const state = async () => {
  const [row] = await app.rows<{ mark: string | null; top: string; continuations: number }>(sql`
    SELECT (SELECT rolled_through FROM engagement_rollup_state WHERE name = 'engagement_events') AS mark,
      (SELECT coalesce(max(id), 0) FROM engagement_events) AS top,
      (SELECT count(*)::int FROM payload_jobs WHERE task_slug = 'rollupEngagementEvents'
         AND completed_at IS NULL AND (wait_until IS NULL OR wait_until <= now())) AS continuations`)
  return { mark: Number(row!.mark ?? 0), top: Number(row!.top), continuations: row!.continuations }
}

const statusOf = async (to: string) =>
  (await app.rows<{ status: string }>(sql`SELECT status FROM email_logs WHERE to_email = ${to}`))[0]
    ?.status

describe('a roll-up catch-up beside the email queue', () => {
  it('rolls up a slice per run, queues the rest at once, and mail goes out between', async () => {
    const start = await state()
    await app.rows(sql`
      INSERT INTO engagement_events (event_type, page, session_id, created_at, updated_at)
      SELECT 'page_view', '/', 'slice-' || n / 3, now() - interval '1 hour', now()
      FROM generate_series(1, ${EVENTS}::int) AS n`)
    const before = await state()
    expect(before.top - start.mark).toBeGreaterThan(CHUNK * 2)
    // A catch-up run with the shortest slice (one chunk), and mail queued behind it.
    await app.payload.jobs.queue({
      task: 'rollupEngagementEvents',
      input: { sliceMs: 0 },
      queue: EMAIL_QUEUE,
    })
    const first = uniqueEmail('slice')
    await queueEmail(app.payload, { to: first, subject: 'First', text: 'Hi.', emailType: 'reply' })

    await runEmailQueue(app.payload)

    const afterOne = await state()
    expect(afterOne.mark - start.mark).toBe(CHUNK)
    expect(afterOne.continuations).toBe(1)
    expect(await statusOf(first)).toBe('sent')

    // Mail queued while the catch-up goes on is sent by the next batch, with the next slice.
    const second = uniqueEmail('slice')
    await queueEmail(app.payload, {
      to: second,
      subject: 'Second',
      text: 'Hi.',
      emailType: 'reply',
    })
    await runEmailQueue(app.payload)
    expect(await statusOf(second)).toBe('sent')

    await drainEmailQueue(app.payload)
    const done = await state()
    expect(done.mark).toBe(done.top)
    expect(done.continuations).toBe(0)
    // Every row once: the hourly page views are the events' own count.
    const [counts] = await app.rows<{ rolled: string; raw: string }>(sql`
      SELECT (SELECT coalesce(sum(events), 0) FROM engagement_hourly_counts WHERE dimension = 'page') AS rolled,
        (SELECT count(*) FROM engagement_events WHERE event_type = 'page_view') AS raw`)
    expect(Number(counts!.rolled)).toBe(Number(counts!.raw))
  }, 180_000)
})
