/**
 * A tick of the email queue reads what it claims, not the backlog: with 10,000 messages waiting
 * (a launch's confirmations arrive faster than a mail server takes them), one tick sends the
 * hundred oldest and adds no sequential scan of the jobs or the email log (decision 0279).
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { runEmailQueue } from '@/jobs/queue'
import { EMAIL_QUEUE } from '@/lib/constants'

import { startApp, type TestApp } from '../helpers/app'
import { flushStatistics, seqScans } from '../helpers/seq-scans'

let app: TestApp
let admin: pg.Client
beforeAll(async () => {
  app = await startApp()
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await admin.connect()
})
afterAll(async () => {
  await admin?.end()
  await app?.close()
})

const BACKLOG = 10_000
const TABLES = ['payload_jobs', 'email_logs']
/** The n of a backlog message's address, backlog-<n>@example.com. */
const backlogNumber = `split_part(split_part(to_email, '-', 2), '@', 1)::int`

describe('the email queue with a backlog of 10,000 messages', () => {
  it('sends the oldest hundred in one tick without reading the whole backlog', async () => {
    // Queued as queueEmail queues them (an email-log row and a sendEmail job each), oldest first.
    await admin.query(
      `INSERT INTO email_logs (to_email, from_email, subject, message, email_type, status, sent_at,
         message_id, is_bulk, attempts, updated_at, created_at)
       SELECT 'backlog-' || n || '@example.com', 'hello@starfinity.example', 'Backlog ' || n,
         'Hello.', 'reply', 'queued', now(), '<backlog-' || n || '@starfinity.example>', false, 0,
         now(), now()
       FROM generate_series(1, $1::int) AS n`,
      [BACKLOG],
    )
    await admin.query(
      `INSERT INTO payload_jobs (input, task_slug, queue, total_tried, has_error, processing,
         updated_at, created_at)
       SELECT jsonb_build_object('logId', id), 'sendEmail', $2, 0, false, false, now(),
         now() - make_interval(secs => ($1::int - ${backlogNumber}) / 1000.0)
       FROM email_logs WHERE to_email LIKE 'backlog-%'`,
      [BACKLOG, EMAIL_QUEUE],
    )
    // Vacuumed and analysed as autovacuum keeps a live table, so the planner knows the sizes.
    await admin.query(`VACUUM ANALYZE ${TABLES.join(', ')}`)
    const before = await seqScans(admin, TABLES)

    const ran = await runEmailQueue(app.payload)

    await flushStatistics(admin)
    const after = await seqScans(admin, TABLES)
    const added = Object.fromEntries(TABLES.map((table) => [table, after[table] - before[table]]))
    expect(added).toEqual({ payload_jobs: 0, email_logs: 0 })
    expect(ran).toBe(100)
    const { rows } = await admin.query<{ n: number }>(
      `SELECT ${backlogNumber} AS n FROM email_logs
       WHERE status = 'sent' AND to_email LIKE 'backlog-%' ORDER BY 1`,
    )
    expect(rows.map((row) => row.n)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1))
  })
})
