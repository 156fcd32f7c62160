/**
 * Campaign mail at the mail server's speed (docs/decisions/0200): claimed in batches by every
 * instance, each recipient started and settled once, a dead instance's claims taken over and its
 * unfinished exchanges reported as interrupted, one shared rate, pause, resume and cancel mid-send,
 * and bounces and unsubscribes honoured for the rest of a send. Real SMTP on loopback; the other
 * instances are real processes on the same database.
 */
import { sql } from '@payloadcms/db-postgres/drizzle'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { runEmailQueue } from '@/jobs/queue'
import { queueCampaign } from '@/services/campaigns/queue-campaign'
import { unsubscribeTokenFor } from '@/services/email/unsubscribe-links'

import { startApp, type TestApp } from '../helpers/app'
import { runOtherQueueProcess } from '../helpers/other-queue-process'

const LEASE_SECONDS = 2

const port = await vi.hoisted(async () => {
  const { configureLoopbackSmtp } = await import('../helpers/smtp')
  const chosen = configureLoopbackSmtp()
  process.env.EMAIL_RETRY_BASE_MS = '300'
  process.env.EMAIL_RATE_PER_SECOND = '10000'
  // A dead instance's claims come free after two seconds (child processes inherit it).
  process.env.EMAIL_SEND_LEASE_SECONDS = '2'
  return chosen
})

/**
 * A loopback SMTP server that notes each accepted message's recipient and arrival time, and can
 * hold messages: with `hold` on, a message's DATA is read but not answered until `release()` (the
 * sender is then mid-exchange); a held message whose connection drops is never accepted.
 */
class CountingSmtp {
  readonly accepted: { to: string; at: number }[] = []
  hold = false
  held = 0
  private waiting: (() => void)[] = []
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 200,
    onData: (stream, session, callback) => {
      stream.resume()
      stream.on('end', () => {
        const accept = () => {
          for (const to of session.envelope.rcptTo)
            this.accepted.push({ to: to.address, at: Date.now() })
          callback(null, 'OK')
        }
        if (!this.hold) return accept()
        this.held++
        this.waiting.push(accept)
      })
    },
  })

  start = () =>
    new Promise<void>((resolve, reject) => {
      // A killed sender's connections end with a reset.
      this.server.on('error', () => undefined)
      this.server.once('error', reject)
      this.server.listen(port, '127.0.0.1', () => resolve())
    })

  stop = () => new Promise<void>((resolve) => this.server.close(() => resolve()))

  release() {
    this.hold = false
    for (const accept of this.waiting.splice(0)) accept()
  }

  count(to: string) {
    return this.accepted.filter((mail) => mail.to === to).length
  }

  async until(check: () => boolean, what: string, ms = 30_000) {
    const deadline = Date.now() + ms
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
}

let app: TestApp
let full: string
const smtp = new CountingSmtp()

beforeAll(async () => {
  await smtp.start()
  app = await startApp()
  full = await app.createUser('sending-admin', 'full')
})
afterAll(async () => {
  smtp.release()
  await app?.close()
  await smtp.stop()
})

const run = (query: ReturnType<typeof sql>) => app.payload.db.drizzle.execute(query)
const rowsOf = async <T>(query: ReturnType<typeof sql>) => (await run(query)).rows as T[]

/** The waitlist holds exactly these people, in id (and address) order. */
const waitlistOf = async (prefix: string, size: number) => {
  await run(sql`DELETE FROM waitlist_entries`)
  await run(sql`
    INSERT INTO waitlist_entries (email, name, product, status, joined_at)
    SELECT ${prefix} || '-' || lpad(n::text, 4, '0') || '@example.com', 'Person ' || n,
      'records', 'active', now()
    FROM generate_series(1, ${size}) AS n`)
  return Array.from(
    { length: size },
    (_, i) => `${prefix}-${String(i + 1).padStart(4, '0')}@example.com`,
  )
}

/** A campaign to the whole waitlist with every recipient written to the log, none sent yet. */
const campaignTo = async (subject: string) => {
  const res = await app.request('POST', '/admin/ai/send-composed', {
    body: { recipientType: 'all-waitlist', subject, content: 'Hello, waitlist.' },
    token: full,
  })
  expect(res.status, res.text).toBe(202)
  const campaignId = res.body.campaignId as number
  expect(await queueCampaign(app.payload, campaignId)).toBe('sent')
  await run(sql`DELETE FROM payload_jobs WHERE task_slug = 'sendCampaign'
    AND (input->>'campaignId')::int = ${campaignId}`)
  return campaignId
}

const progress = async (id: number) => {
  const res = await app.request('GET', `/admin/campaigns/${id}`, { token: full })
  expect(res.status).toBe(200)
  return res.body
}

const change = (id: number, action: 'pause' | 'resume' | 'cancel') =>
  app.request('POST', `/admin/campaigns/${id}/${action}`, { token: full })

const statusesOf = (campaignId: number) =>
  rowsOf<{ to_email: string; status: string; skip_reason: string | null; claimed_by: string }>(
    sql`SELECT to_email, status, skip_reason, claimed_by FROM email_logs
      WHERE campaign_id = ${campaignId} ORDER BY id`,
  )

/** Works the queue here until the campaign is no longer sending. */
const sendHere = async (campaignId: number, ms = 30_000) => {
  const deadline = Date.now() + ms
  while ((await progress(campaignId)).status === 'sending') {
    if (Date.now() > deadline) throw new Error(`campaign ${campaignId} still sending`)
    if ((await runEmailQueue(app.payload)) === 0)
      await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const sentCount = async () =>
  Number(
    (
      await rowsOf<{ n: string }>(sql`SELECT count(*) AS n FROM email_logs WHERE status = 'sent'`)
    )[0].n,
  )

describe('campaign mail claimed in batches by every instance', () => {
  it('two instances claiming at once: each recipient sent exactly once, both helped', async () => {
    const recipients = await waitlistOf('pair', 300)
    const campaignId = await campaignTo('Pair')
    const other = runOtherQueueProcess(
      { DRAIN_UNTIL_SENT: String((await sentCount()) + recipients.length) },
      { afterGo: true },
    )
    await other.ready
    other.go()
    await sendHere(campaignId)
    await other.done
    for (const to of recipients) expect(smtp.count(to), to).toBe(1)
    const rows = await statusesOf(campaignId)
    expect(rows.every((row) => row.status === 'sent')).toBe(true)
    // Both processes claimed some of them.
    expect(new Set(rows.map((row) => row.claimed_by)).size).toBe(2)
    expect(await progress(campaignId)).toMatchObject({
      status: 'sent',
      total: 300,
      sent: 300,
      remaining: 0,
      interrupted: 0,
    })
  })

  it('kill -9 of an instance mid-send, then a restart: no one twice, no one skipped, the interrupted reported', async () => {
    const recipients = await waitlistOf('killed', 80)
    const campaignId = await campaignTo('Killed')
    const before = smtp.accepted.length
    const other = runOtherQueueProcess({ DRAIN_UNTIL_SENT: '1000000' }, { afterGo: true })
    await other.ready
    other.go()
    // Twenty accepted, then the server stops answering: the instance is mid-exchange.
    await smtp.until(() => smtp.accepted.length >= before + 20, 'twenty messages')
    smtp.hold = true
    await smtp.until(() => smtp.held > 0, 'a held message')
    await new Promise((resolve) => setTimeout(resolve, 200))
    other.kill()
    await other.done.catch(() => undefined)
    smtp.release()
    expect((await progress(campaignId)).status).toBe('sending')

    // The restarted instance (this one) takes over once the dead one's leases have run out.
    await new Promise((resolve) => setTimeout(resolve, LEASE_SECONDS * 1000 + 200))
    await sendHere(campaignId)

    const rows = await statusesOf(campaignId)
    const interrupted = rows.filter((row) => row.status === 'interrupted').map((r) => r.to_email)
    expect(interrupted.length).toBeGreaterThan(0)
    // No more than the dead instance had in flight (twice its pool of 5).
    expect(interrupted.length).toBeLessThanOrEqual(10)
    for (const to of recipients) {
      expect(smtp.count(to), to).toBeLessThanOrEqual(1)
      // Everyone else was sent exactly once.
      if (!interrupted.includes(to)) expect(smtp.count(to), to).toBe(1)
    }
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(80 - interrupted.length)
    expect(await progress(campaignId)).toMatchObject({
      status: 'sent',
      total: 80,
      sent: 80 - interrupted.length,
      interrupted: interrupted.length,
      remaining: 0,
    })
  })

  it('one rate for all instances: two of them at 5 messages a second stay within it', async () => {
    const recipients = await waitlistOf('rate', 30)
    const campaignId = await campaignTo('Rate')
    const before = smtp.accepted.length
    const target = String((await sentCount()) + recipients.length)
    const env = { EMAIL_RATE_PER_SECOND: '5', DRAIN_UNTIL_SENT: target }
    const instances = [
      runOtherQueueProcess(env, { afterGo: true }),
      runOtherQueueProcess(env, { afterGo: true }),
    ]
    await Promise.all(instances.map((instance) => instance.ready))
    for (const instance of instances) instance.go()
    await Promise.all(instances.map((instance) => instance.done))
    for (const to of recipients) expect(smtp.count(to), to).toBe(1)
    expect(new Set((await statusesOf(campaignId)).map((row) => row.claimed_by)).size).toBe(2)

    // Per one-second window at the server: any k consecutive windows hold at most 5 × (k + 1)
    // messages (the rate, and one window of slack for the bucket's half-second burst).
    const arrivals = smtp.accepted.slice(before).map((mail) => Math.floor(mail.at / 1000))
    const first = Math.min(...arrivals)
    const perWindow = Array.from(
      { length: Math.max(...arrivals) - first + 1 },
      (_, i) => arrivals.filter((second) => second === first + i).length,
    )
    for (let start = 0; start < perWindow.length; start++)
      for (let end = start; end < perWindow.length; end++) {
        const windows = end - start + 1
        const sum = perWindow.slice(start, end + 1).reduce((a, b) => a + b, 0)
        expect(sum, `windows ${start}–${end}: ${perWindow.join(' ')}`).toBeLessThanOrEqual(
          5 * (windows + 1),
        )
      }
  })

  it('pause mid-send stops it, resume finishes it, each once; cancel skips the rest', async () => {
    const recipients = await waitlistOf('pause', 60)
    const campaignId = await campaignTo('Pause')
    const before = smtp.accepted.length
    smtp.hold = true
    const sending = runEmailQueue(app.payload)
    await smtp.until(() => smtp.held > 0, 'a held message')
    const paused = await change(campaignId, 'pause')
    expect(paused.status, paused.text).toBe(200)
    expect(paused.body.status).toBe('paused')
    smtp.release()
    await sending
    // Paused: what was in the middle of its exchange finished; nothing more goes.
    const whilePaused = smtp.accepted.length - before
    expect(whilePaused).toBeLessThan(60)
    await runEmailQueue(app.payload)
    expect(smtp.accepted.length - before).toBe(whilePaused)
    expect(await progress(campaignId)).toMatchObject({
      status: 'paused',
      sent: whilePaused,
      remaining: 60 - whilePaused,
    })

    const resumed = await change(campaignId, 'resume')
    expect(resumed.status, resumed.text).toBe(200)
    await sendHere(campaignId)
    for (const to of recipients) expect(smtp.count(to), to).toBe(1)
    expect(await progress(campaignId)).toMatchObject({ status: 'sent', sent: 60, remaining: 0 })

    // Another one paused, then cancelled: the rest is skipped, never sent.
    const others = await waitlistOf('cancelled', 20)
    const cancelledId = await campaignTo('Cancelled')
    expect((await change(cancelledId, 'pause')).status).toBe(200)
    const cancelled = await change(cancelledId, 'cancel')
    expect(cancelled.status, cancelled.text).toBe(200)
    expect(cancelled.body).toMatchObject({ status: 'cancelled', remaining: 0, sent: 0 })
    await runEmailQueue(app.payload)
    for (const to of others) expect(smtp.count(to)).toBe(0)
    const rows = await statusesOf(cancelledId)
    expect(rows.every((row) => row.skip_reason === 'campaign cancelled')).toBe(true)
    expect((await change(cancelledId, 'resume')).status).toBe(409)
  })

  it('a bounce and an unsubscribe that arrive during the send are honoured for the rest of it', async () => {
    const recipients = await waitlistOf('honour', 40)
    const campaignId = await campaignTo('Honour')
    const [bounced, unsubscribed] = recipients.slice(-2)
    smtp.hold = true
    const sending = runEmailQueue(app.payload)
    await smtp.until(() => smtp.held > 0, 'a held message')
    // Every message is claimed by now; the last two have not started.
    await run(sql`
      INSERT INTO email_suppressions (email, suppression_type, reason, is_active, updated_at, created_at)
      VALUES (${bounced}, 'bounce', 'hard bounce', true, now(), now())`)
    const token = await unsubscribeTokenFor(app.payload, unsubscribed)
    const unsubscribe = await app.request('POST', '/email/unsubscribe', { body: { token } })
    expect(unsubscribe.status, unsubscribe.text).toBe(200)
    smtp.release()
    await sending
    await sendHere(campaignId)
    expect(smtp.count(bounced)).toBe(0)
    expect(smtp.count(unsubscribed)).toBe(0)
    for (const to of recipients.slice(0, -2)) expect(smtp.count(to), to).toBe(1)
    const rows = await statusesOf(campaignId)
    expect(rows.filter((row) => row.status === 'skipped').map((row) => row.to_email)).toEqual([
      bounced,
      unsubscribed,
    ])
    expect(await progress(campaignId)).toMatchObject({
      status: 'sent',
      sent: 38,
      skipped: 2,
      remaining: 0,
    })
  })
})
