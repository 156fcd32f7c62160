import { sql } from '@payloadcms/db-postgres/drizzle'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { runEmailQueue } from '@/jobs/queue'
import { erasedAddressHash } from '@/lib/anonymize'
import { queueCampaign } from '@/services/campaigns/queue-campaign'

import { startApp, type TestApp } from '../helpers/app'
import { runOtherQueueProcess } from '../helpers/other-queue-process'
import { LoopbackSmtp } from '../helpers/smtp'

const port = await vi.hoisted(async () => {
  const { configureLoopbackSmtp } = await import('../helpers/smtp')
  const chosen = configureLoopbackSmtp()
  process.env.EMAIL_RETRY_BASE_MS = '300'
  // Mail as fast as the loopback server takes it (the shared rate: campaign-sending.test.ts).
  process.env.EMAIL_RATE_PER_SECOND = '10000'
  return chosen
})

let app: TestApp
let full: string
let demo: string
const smtp = new LoopbackSmtp(port)

beforeAll(async () => {
  await smtp.start()
  app = await startApp()
  full = await app.createUser('campaign-admin', 'full')
  demo = await app.createUser('campaign-demo', 'demo')
})
afterAll(async () => {
  await app?.close()
  await smtp.stop()
})

const run = (query: ReturnType<typeof sql>) => app.payload.db.drizzle.execute(query)
const count = async (query: ReturnType<typeof sql>) =>
  Number(((await run(query)).rows[0] as { n: string | number }).n)

/** The waitlist holds exactly these people (each test sends to a list of its own). */
const waitlistOf = async (prefix: string, size: number) => {
  await run(sql`DELETE FROM waitlist_entries`)
  await run(sql`
    INSERT INTO waitlist_entries (email, name, product, status, joined_at)
    SELECT ${prefix} || '-' || lpad(n::text, 4, '0') || '@example.com', 'Person ' || n,
      'records', (CASE WHEN n % 2 = 0 THEN 'active' ELSE 'inactive' END)::enum_waitlist_entries_status, now()
    FROM generate_series(1, ${size}) AS n`)
  return Array.from(
    { length: size },
    (_, i) => `${prefix}-${String(i + 1).padStart(4, '0')}@example.com`,
  )
}

const sendToWaitlist = (extra: Record<string, unknown> = {}, token = full) =>
  app.request('POST', '/admin/ai/send-composed', {
    body: { recipientType: 'all-waitlist', subject: 'News', content: 'Hello, waitlist.', ...extra },
    token,
  })

const progress = async (id: number, token = full) =>
  app.request('GET', `/admin/campaigns/${id}`, { token })

const sentRows = () => count(sql`SELECT count(*) AS n FROM email_logs WHERE status = 'sent'`)

/** Works the queue here until `expected` more messages have arrived. */
const deliverHere = async (expected: number, ms = 60_000) => {
  const until = Date.now() + ms
  let ran = 0
  while (smtp.received.length < expected) {
    if (Date.now() > until) throw new Error(`${smtp.received.length} of ${expected} arrived`)
    ran += await runEmailQueue(app.payload)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return ran
}

const expectEachOnce = (recipients: string[]) => {
  for (const to of recipients) expect(smtp.to(to), to).toHaveLength(1)
}

describe('campaigns in the background', () => {
  it('a group send answers 202 at once; two app processes deliver each recipient once', async () => {
    const recipients = await waitlistOf('two', 240)
    const before = smtp.received.length
    const other = runOtherQueueProcess(
      { DRAIN_UNTIL_SENT: String((await sentRows()) + recipients.length) },
      { afterGo: true },
    )
    await other.ready

    // Nothing works the queue during the request: whatever was sent, the request sent it.
    const res = await sendToWaitlist()
    expect(res.status, res.text).toBe(202)
    const { campaignId } = res.body
    expect(res.body).toMatchObject({ campaignId: expect.any(Number), status: 'sending' })
    // The answer came before any sending: the campaign row and its job, no email yet.
    expect(smtp.received.length).toBe(before)
    expect(
      await count(sql`SELECT count(*) AS n FROM email_logs WHERE campaign_id = ${campaignId}`),
    ).toBe(0)
    expect(
      await count(sql`SELECT count(*) AS n FROM payload_jobs
        WHERE task_slug = 'sendCampaign' AND (input->>'campaignId')::int = ${campaignId}`),
    ).toBe(1)

    other.go()
    const ranHere = await deliverHere(before + recipients.length)
    const ranThere = await other.done
    expectEachOnce(recipients)
    expect(smtp.received.length).toBe(before + recipients.length)
    // Both processes worked the queue at once; which of them ran the job and which sent the mail
    // is a matter of timing (a whole campaign fits one claim here). Sharing a send under load, and
    // exactly once when one dies, is campaign-sending.test.ts's.
    expect(ranHere + ranThere).toBeGreaterThan(0)

    const answer = await progress(campaignId)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      id: campaignId,
      status: 'sent',
      total: 240,
      queued: 0,
      sent: 240,
      failed: 0,
      bounced: 0,
      skipped: 0,
      unsubscribed: 0,
    })
  })

  it('progress counts queued, sent, bounced, skipped and unsubscribed from the log', async () => {
    const recipients = await waitlistOf('count', 6)
    await run(sql`
      INSERT INTO email_suppressions (email, suppression_type, is_active, updated_at, created_at)
      VALUES (${recipients[5]}, 'unsubscribe', true, now(), now())`)
    const { campaignId } = (await sendToWaitlist()).body
    expect(await queueCampaign(app.payload, campaignId)).toBe('sent')
    // Every copy queued, none sent yet: still sending.
    expect((await progress(campaignId)).body).toMatchObject({
      status: 'sending',
      total: 6,
      queued: 5,
      sent: 0,
      skipped: 1,
    })
    const before = smtp.received.length
    await deliverHere(before + 5)
    await run(sql`UPDATE email_logs SET status = 'bounced'
      WHERE campaign_id = ${campaignId} AND to_email = ${recipients[0]}`)
    await run(sql`
      INSERT INTO email_events (email, event_type, timestamp, reason, updated_at, created_at)
      VALUES (${recipients[1].toUpperCase()}, 'unsubscribe', now() + interval '1 second', 'link', now(), now())`)
    expect((await progress(campaignId)).body).toMatchObject({
      status: 'sent',
      total: 6,
      queued: 0,
      sent: 4,
      bounced: 1,
      failed: 0,
      skipped: 1,
      unsubscribed: 1,
    })
  })

  it('an erased address is skipped by the batch as by a single send (the same salted hash in SQL)', async () => {
    const recipients = await waitlistOf('erased', 3)
    await run(sql`
      INSERT INTO erased_addresses (address_hash, reason, updated_at, created_at)
      VALUES (${erasedAddressHash(recipients[1])}, 'unsubscribed', now(), now())`)
    const { campaignId } = (await sendToWaitlist()).body
    expect(await queueCampaign(app.payload, campaignId)).toBe('sent')
    const rows = await run(sql`SELECT to_email, status, skip_reason FROM email_logs
      WHERE campaign_id = ${campaignId} ORDER BY to_email`)
    expect(rows.rows).toEqual([
      { to_email: recipients[0], status: 'queued', skip_reason: null },
      { to_email: recipients[1], status: 'skipped', skip_reason: 'erased' },
      { to_email: recipients[2], status: 'queued', skip_reason: null },
    ])
    await deliverHere(smtp.received.length + 2)
  })

  it('a restart mid-campaign: another process continues from the cursor, no one gets two', async () => {
    const recipients = await waitlistOf('restart', 250)
    const before = smtp.received.length
    const { campaignId } = (await sendToWaitlist()).body
    // An instance ran one batch of 100, then died: its job is stale in its private queue, and the
    // follow-up job it would have left was never written.
    expect(await queueCampaign(app.payload, campaignId, { batchSize: 100, budgetMs: 0 })).toBe(
      'continues',
    )
    await run(sql`DELETE FROM payload_jobs WHERE task_slug = 'sendCampaign'
      AND (input->>'campaignId')::int = ${campaignId} AND id <> (
        SELECT min(id) FROM payload_jobs WHERE task_slug = 'sendCampaign'
          AND (input->>'campaignId')::int = ${campaignId})`)
    await run(sql`UPDATE payload_jobs SET processing = true, queue = 'email:dead-instance',
        updated_at = now() - interval '20 minutes'
      WHERE task_slug = 'sendCampaign' AND (input->>'campaignId')::int = ${campaignId}`)
    expect(
      await count(sql`SELECT count(*) AS n FROM email_logs WHERE campaign_id = ${campaignId}`),
    ).toBe(100)
    expect((await progress(campaignId)).body).toMatchObject({ status: 'sending', total: 250 })

    // A fresh process takes over the stale job and works the queue until nothing is due.
    await runOtherQueueProcess().done
    await deliverHere(before + recipients.length)
    expectEachOnce(recipients)
    expect(smtp.received.length).toBe(before + recipients.length)
    expect((await progress(campaignId)).body).toMatchObject({
      status: 'sent',
      total: 250,
      sent: 250,
      queued: 0,
    })
  })

  it('two runs of the same campaign at once still queue each address once', async () => {
    const recipients = await waitlistOf('overlap', 90)
    const { campaignId } = (await sendToWaitlist()).body
    const outcomes = await Promise.all([
      queueCampaign(app.payload, campaignId, { batchSize: 7 }),
      queueCampaign(app.payload, campaignId, { batchSize: 7 }),
      queueCampaign(app.payload, campaignId, { batchSize: 11 }),
    ])
    expect(outcomes).toContain('sent')
    const logged = await run(
      sql`SELECT to_email FROM email_logs WHERE campaign_id = ${campaignId} ORDER BY to_email`,
    )
    expect((logged.rows as { to_email: string }[]).map((row) => row.to_email)).toEqual(recipients)
    // No job per message: the senders claim the queued rows themselves.
    expect(
      await count(sql`SELECT count(*) AS n FROM email_logs
        WHERE campaign_id = ${campaignId} AND status = 'queued'`),
    ).toBe(90)
    expect(
      await count(sql`SELECT count(*) AS n FROM payload_jobs p JOIN email_logs l
        ON l.id = (p.input->>'logId')::int WHERE l.campaign_id = ${campaignId}`),
    ).toBe(0)
    await deliverHere(smtp.received.length + 90)
  })

  it('the same campaign key twice is one campaign, sent once', async () => {
    const recipients = await waitlistOf('twice', 5)
    const before = smtp.received.length
    const campaignKey = crypto.randomUUID()
    const first = await sendToWaitlist({ campaignKey })
    const second = await sendToWaitlist({ campaignKey })
    expect(first.status).toBe(202)
    expect(second.status).toBe(202)
    expect(second.body).toEqual({
      campaignId: first.body.campaignId,
      status: 'sending',
      message: 'This campaign was already sent; it was not sent again.',
    })
    expect(
      await count(sql`SELECT count(*) AS n FROM campaigns WHERE idempotency_key = ${campaignKey}`),
    ).toBe(1)
    expect(
      await count(sql`SELECT count(*) AS n FROM payload_jobs WHERE task_slug = 'sendCampaign'
        AND (input->>'campaignId')::int = ${first.body.campaignId}`),
    ).toBe(1)
    // One audit entry: the repeat wrote nothing.
    const audited = await app.payload.find({
      collection: 'audit-logs',
      where: {
        action: { equals: 'campaign.send' },
        targetId: { equals: String(first.body.campaignId) },
      },
      depth: 0,
    })
    expect(audited.docs.map((doc) => [doc.username, doc.details])).toEqual([
      ['campaign-admin', { audience: 'all-waitlist', scheduledAt: null }],
    ])
    await deliverHere(before + 5)
    // Sent already: a third press still sends nothing.
    expect((await sendToWaitlist({ campaignKey })).body.campaignId).toBe(first.body.campaignId)
    await runEmailQueue(app.payload)
    expectEachOnce(recipients)
    expect(smtp.received.length).toBe(before + 5)
  })

  it('a scheduled campaign waits for its time, then goes', async () => {
    const recipients = await waitlistOf('later', 4)
    const before = smtp.received.length
    const scheduledAt = new Date(Date.now() + 3_600_000).toISOString()
    const campaignKey = crypto.randomUUID()
    const res = await sendToWaitlist({ scheduledAt, campaignKey })
    expect(res.status, res.text).toBe(202)
    expect(res.body.status).toBe('scheduled')
    expect((await sendToWaitlist({ scheduledAt, campaignKey })).body).toEqual({
      campaignId: res.body.campaignId,
      status: 'scheduled',
      message: 'This campaign is already scheduled; it was not scheduled again.',
    })
    await runEmailQueue(app.payload)
    expect((await progress(res.body.campaignId)).body).toMatchObject({
      status: 'scheduled',
      scheduledAt,
      total: 0,
    })
    // Not due: the job refuses to start it early even when run by hand.
    expect(await queueCampaign(app.payload, res.body.campaignId)).toBe('not-due')
    expect(smtp.received.length).toBe(before)

    // Its time comes (moved here, not waited for): the campaign and its job are due now.
    await run(sql`UPDATE campaigns SET scheduled_at = now() WHERE id = ${res.body.campaignId}`)
    await run(sql`UPDATE payload_jobs SET wait_until = now() WHERE task_slug = 'sendCampaign'
      AND (input->>'campaignId')::int = ${res.body.campaignId}`)
    await deliverHere(before + 4)
    expectEachOnce(recipients)
    expect((await progress(res.body.campaignId)).body).toMatchObject({ status: 'sent', sent: 4 })
  })

  it('a scheduled campaign can be cancelled before it starts, and then never goes', async () => {
    const recipients = await waitlistOf('cancel', 3)
    const before = smtp.received.length
    const scheduledAt = new Date(Date.now() + 3_600_000).toISOString()
    const { campaignId } = (await sendToWaitlist({ scheduledAt })).body
    const cancel = (token?: string, id = campaignId) =>
      app.request('POST', `/admin/campaigns/${id}/cancel`, { token })

    expect((await cancel()).status).toBe(401)
    const asDemo = await cancel(demo)
    expect(asDemo.status).toBe(403)
    expect(asDemo.body.message).toBe(
      'Demo mode is read-only. Full access available to authenticated users.',
    )
    const cancelled = await cancel(full)
    expect(cancelled.status, cancelled.text).toBe(200)
    expect(cancelled.body).toMatchObject({ id: campaignId, status: 'cancelled' })
    const audited = await app.payload.count({
      collection: 'audit-logs',
      where: { action: { equals: 'campaign.cancel' }, targetId: { equals: String(campaignId) } },
    })
    expect(audited.totalDocs).toBe(1)
    expect(
      await count(sql`SELECT count(*) AS n FROM payload_jobs WHERE task_slug = 'sendCampaign'
        AND (input->>'campaignId')::int = ${campaignId}`),
    ).toBe(0)
    // Even a job left behind would not start it.
    await run(sql`UPDATE campaigns SET scheduled_at = now() WHERE id = ${campaignId}`)
    expect(await queueCampaign(app.payload, campaignId)).toBe('not-due')
    await runEmailQueue(app.payload)
    for (const to of recipients) expect(smtp.to(to)).toHaveLength(0)
    expect(smtp.received.length).toBe(before)

    const again = await cancel(full)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Only a scheduled, sending or paused campaign can be cancelled')
    expect((await cancel(full, 999_999)).status).toBe(404)
    expect((await cancel(full, 'abc' as unknown as number)).status).toBe(400)
  })

  it('a campaign that has finished cannot be cancelled, paused or resumed', async () => {
    await waitlistOf('started', 2)
    const { campaignId } = (await sendToWaitlist()).body
    await deliverHere(smtp.received.length + 2)
    await runEmailQueue(app.payload)
    expect((await progress(campaignId)).body.status).toBe('sent')
    for (const [action, message] of [
      ['cancel', 'Only a scheduled, sending or paused campaign can be cancelled'],
      ['pause', 'Only a sending campaign can be paused'],
      ['resume', 'Only a paused campaign can be resumed'],
    ]) {
      const res = await app.request('POST', `/admin/campaigns/${campaignId}/${action}`, {
        token: full,
      })
      expect(res.status, action).toBe(409)
      expect(res.body.message).toBe(message)
    }
  })

  it('bad schedules and keys are refused with the field named', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ scheduledAt: new Date(Date.now() - 60_000).toISOString() }, 'scheduledAt'],
      [{ scheduledAt: 'tomorrow' }, 'scheduledAt'],
      [{ scheduledAt: new Date(Date.now() + 400 * 86_400_000).toISOString() }, 'scheduledAt'],
      [{ campaignKey: 'not-a-uuid' }, 'campaignKey'],
      [
        {
          recipientType: 'individual',
          to: 'one@example.com',
          scheduledAt: new Date(Date.now() + 60_000).toISOString(),
        },
        'scheduledAt',
      ],
    ]
    const campaignsBefore = await count(sql`SELECT count(*) AS n FROM campaigns`)
    for (const [extra, field] of cases) {
      const res = await sendToWaitlist(extra)
      expect(res.status, JSON.stringify(extra)).toBe(400)
      expect(Object.keys(res.body.errors ?? {})).toEqual([field])
    }
    expect(await count(sql`SELECT count(*) AS n FROM campaigns`)).toBe(campaignsBefore)
  })

  it('who may read progress and send: full and demo admins read (demo masked), only full send', async () => {
    await waitlistOf('access', 1)
    const { campaignId } = (await sendToWaitlist({ subject: 'For reader@example.com' })).body
    expect((await progress(campaignId, '')).status).toBe(401)
    const editor = await app.createUser('campaign-editor', 'editor')
    expect((await progress(campaignId, editor)).status).toBe(403)
    const asDemo = await progress(campaignId, demo)
    expect(asDemo.status).toBe(200)
    expect(asDemo.body.subject).toBe('For r•••@example.com')
    const list = await app.request('GET', '/admin/campaigns', { token: demo })
    expect(list.status).toBe(200)
    expect(list.body.data[0]).toMatchObject({ id: campaignId, audience: 'all-waitlist' })
    const demoSend = await sendToWaitlist({}, demo)
    expect(demoSend.status).toBe(403)
    expect((await progress(999_999)).status).toBe(404)
    await deliverHere(smtp.received.length + 1)
  })
})
