import { sql } from '@payloadcms/db-postgres/drizzle'
import { simpleParser } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { runEmailQueue } from '@/jobs/queue'
import { unsubscribeTokenFor } from '@/services/email/unsubscribe-links'
import { confirmationToken } from '@/services/email/secret-links'
import { rollupDeliverability } from '@/services/metrics/deliverability'
import { signGeneric } from '@/services/email/webhook'
import { queueEmail } from '@/services/email/queue'

import { startApp, type TestApp, uniqueEmail } from '../helpers/app'

const SECRET = 'webhook-secret-for-tests-0123456789'

vi.hoisted(() => {
  delete process.env.SMTP_URL
  process.env.EMAIL_WEBHOOK_SECRET = 'webhook-secret-for-tests-0123456789'
  process.env.EMAIL_SOFT_BOUNCE_LIMIT = '3'
})

let app: TestApp
let full: string
let demo: string

beforeAll(async () => {
  app = await startApp()
  full = await app.createUser('outbox-admin', 'full')
  demo = await app.createUser('outbox-demo', 'demo')
})
afterAll(async () => app?.close())

const drain = async () => {
  while ((await runEmailQueue(app.payload)) > 0);
}

const isSuppressed = async (email: string) =>
  (
    await app.payload.find({
      collection: 'email-suppressions',
      where: { email: { equals: email }, isActive: { equals: true } },
    })
  ).totalDocs > 0

describe('development outbox (no SMTP_URL)', () => {
  it('keeps the complete message on the log row; full admins read it, demo users do not', async () => {
    const to = uniqueEmail('outbox')
    const { id } = await queueEmail(app.payload, {
      to,
      subject: 'Kept in the outbox',
      text: 'Plain words.',
      html: '<p>Plain <b>words</b>.</p>',
      emailType: 'reply',
    })
    await drain()
    const row = await app.payload.findByID({ collection: 'email-logs', id, depth: 0 })
    expect(row.status).toBe('sent')
    const parsed = await simpleParser(row.rawMessage!)
    expect(parsed.subject).toBe('Kept in the outbox')
    expect(parsed.messageId).toBe(row.messageId)
    expect(parsed.text?.trim()).toBe('Plain words.')
    expect(parsed.html).toContain('<b>words</b>')
    expect(row.rawMessage).toMatch(/^From: Starfinity <hello@starfinity\.example>$/m)

    const listed = await app.request('GET', `/admin/emails?search=${encodeURIComponent(to)}`, {
      token: full,
    })
    expect(listed.status, listed.text).toBe(200)
    expect(listed.body.data[0].rawMessage).toBe(row.rawMessage)
    const demoList = await app.request('GET', '/admin/emails?type=reply', { token: demo })
    expect(demoList.status).toBe(200)
    expect(demoList.body.data.length).toBeGreaterThan(0)
    expect(
      demoList.body.data.every((item: { rawMessage: unknown }) => item.rawMessage === null),
    ).toBe(true)
  })
})

describe('development outbox keeps no working token', () => {
  it('a confirmation and a newsletter are kept redacted: no confirm token, no unsubscribe token', async () => {
    const email = uniqueEmail('outbox-secret')
    const res = await app.request('POST', '/newsletter', { body: { email } })
    expect(res.status, res.text).toBe(201)
    await app.payload.update({
      collection: 'newsletter-subscribers',
      where: { email: { equals: email } },
      data: { doubleOptInConfirmed: true, emailPreferences: ['newsletter'] },
    })
    await queueEmail(app.payload, {
      to: email,
      subject: 'Outbox news',
      text: 'News.',
      emailType: 'newsletter',
      isBulk: true,
    })
    await drain()
    const rows = (
      await app.payload.find({
        collection: 'email-logs',
        where: { toEmail: { equals: email } },
        sort: 'id',
        depth: 0,
      })
    ).docs
    expect(rows.map((row) => [row.emailType, row.status])).toEqual([
      ['confirmation', 'sent'],
      ['newsletter', 'sent'],
    ])
    const [confirmation, newsletter] = rows
    const confirmToken = confirmationToken(confirmation.messageId!)
    const unsubscribeToken = await unsubscribeTokenFor(app.payload, email)
    const stored = JSON.stringify(rows)
    expect(stored).not.toContain(confirmToken)
    expect(stored).not.toContain(unsubscribeToken)
    expect((await simpleParser(confirmation.rawMessage!)).text).toContain(
      '/newsletter/confirm?token=[redacted]',
    )
    const unfolded = newsletter.rawMessage!.replace(/\r?\n[ \t]+/g, ' ')
    expect(unfolded).toMatch(/^List-Unsubscribe: .*token=%5Bredacted%5D/m)
  })
})

describe('POST /api/webhooks/email', () => {
  const signed = (body: unknown, secret = SECRET, at = Math.floor(Date.now() / 1000)) => {
    const raw = JSON.stringify(body)
    return {
      rawBody: raw,
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': String(at),
        'x-webhook-signature': `sha256=${signGeneric(secret, at, raw)}`,
      },
    }
  }
  const event = (email: string, extra: Record<string, unknown> = {}) => ({
    events: [
      {
        id: `evt-${Math.random().toString(36).slice(2)}`,
        type: 'bounce',
        bounceType: 'hard',
        email,
        ...extra,
      },
    ],
  })

  it('unsigned, badly signed or stale calls get 401 and change nothing', async () => {
    const email = uniqueEmail('unsigned')
    const body = event(email)
    const unsigned = await app.request('POST', '/webhooks/email', { body })
    expect(unsigned.status).toBe(401)
    const wrong = await app.request(
      'POST',
      '/webhooks/email',
      signed(body, 'another-secret-0123456789'),
    )
    expect(wrong.status).toBe(401)
    const stale = await app.request(
      'POST',
      '/webhooks/email',
      signed(body, SECRET, Math.floor(Date.now() / 1000) - 3600),
    )
    expect(stale.status).toBe(401)
    // Signed for one body, sent with another.
    const swapped = signed(body)
    swapped.rawBody = JSON.stringify(event(email, { type: 'complaint' }))
    expect((await app.request('POST', '/webhooks/email', swapped)).status).toBe(401)
    expect(await isSuppressed(email)).toBe(false)
    const bounces = await app.payload.find({
      collection: 'bounce-events',
      where: { email: { equals: email } },
    })
    expect(bounces.totalDocs).toBe(0)
  })

  it('a signed hard bounce suppresses the address, marks the log row bounced and blocks later mail', async () => {
    const email = uniqueEmail('hard')
    const { id } = await queueEmail(app.payload, {
      to: email,
      subject: 'Will bounce',
      text: 'x',
      emailType: 'reply',
    })
    await drain()
    const row = await app.payload.findByID({ collection: 'email-logs', id, depth: 0 })
    const body = event(email, { messageId: row.messageId, reason: '550 mailbox unavailable' })
    const res = await app.request('POST', '/webhooks/email', signed(body))
    expect(res.status, res.text).toBe(200)
    expect(res.body).toMatchObject({ received: 1, recorded: 1 })
    // The same event again is recorded once.
    expect((await app.request('POST', '/webhooks/email', signed(body))).body.recorded).toBe(0)
    expect(await isSuppressed(email)).toBe(true)
    expect((await app.payload.findByID({ collection: 'email-logs', id })).status).toBe('bounced')
    const bounces = await app.payload.find({
      collection: 'bounce-events',
      where: { email: { equals: email } },
    })
    expect(bounces.docs.map((b) => b.bounceType)).toEqual(['hard'])
    const later = await queueEmail(app.payload, {
      to: email,
      subject: 'Never',
      text: 'x',
      emailType: 'reply',
    })
    expect(later).toMatchObject({ status: 'skipped', reason: 'suppressed' })
  })

  it('soft bounces suppress only at the threshold; complaints suppress at once', async () => {
    const soft = uniqueEmail('soft')
    for (let i = 1; i <= 3; i++) {
      const res = await app.request(
        'POST',
        '/webhooks/email',
        signed(event(soft, { bounceType: 'soft' })),
      )
      expect(res.status).toBe(200)
      expect(await isSuppressed(soft)).toBe(i >= 3)
    }
    const complainer = uniqueEmail('complaint')
    await app.request('POST', '/webhooks/email', signed(event(complainer, { type: 'complaint' })))
    expect(await isSuppressed(complainer)).toBe(true)
  })

  it('an unsubscribe reported by the provider turns bulk mail off', async () => {
    const email = uniqueEmail('provider-unsub')
    const res = await app.request(
      'POST',
      '/webhooks/email',
      signed(event(email, { type: 'unsubscribe' })),
    )
    expect(res.status, res.text).toBe(200)
    const prefs = await app.payload.find({
      collection: 'email-preferences',
      where: { email: { equals: email } },
    })
    expect(prefs.docs[0]).toMatchObject({ newsletterEnabled: false, updatesEnabled: false })
    const broadcast = await queueEmail(app.payload, {
      to: email,
      subject: 'News',
      text: 'x',
      emailType: 'broadcast',
      isBulk: true,
    })
    expect(broadcast).toMatchObject({
      status: 'skipped',
      reason: 'updates turned off in preferences',
    })
    expect(await isSuppressed(email)).toBe(false)
  })

  it('accepts Mailgun webhooks signed with the signing key', async () => {
    const { createHmac } = await import('node:crypto')
    const email = uniqueEmail('mailgun')
    const timestamp = String(Math.floor(Date.now() / 1000))
    const token = 'a'.repeat(50)
    const body = {
      signature: {
        timestamp,
        token,
        signature: createHmac('sha256', SECRET)
          .update(timestamp + token)
          .digest('hex'),
      },
      'event-data': {
        id: `mg-${Date.now()}`,
        event: 'failed',
        severity: 'permanent',
        recipient: email,
        'delivery-status': { description: 'No such user', code: 550 },
      },
    }
    const res = await app.request('POST', '/webhooks/email', { body })
    expect(res.status, res.text).toBe(200)
    expect(await isSuppressed(email)).toBe(true)
    const forged = { ...body, signature: { ...body.signature, signature: 'f'.repeat(64) } }
    const other = uniqueEmail('mailgun-forged')
    forged['event-data'] = { ...body['event-data'], id: 'mg-forged', recipient: other }
    expect((await app.request('POST', '/webhooks/email', { body: forged })).status).toBe(401)
    expect(await isSuppressed(other)).toBe(false)
  })

  it('events roll up into daily deliverability metrics with numeric(5,2) rates', async () => {
    await rollupDeliverability(app.payload)
    const result = await app.payload.db.drizzle.execute(sql`
      SELECT total_sent::int AS total_sent, total_bounced::int AS total_bounced, delivery_rate, bounce_rate, pg_typeof(bounce_rate)::text AS type
      FROM deliverability_metrics WHERE date = date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`)
    const today = result.rows[0] as {
      total_sent: number
      total_bounced: number
      bounce_rate: string
      delivery_rate: string
      type: string
    }
    expect(today.type).toBe('numeric')
    expect(today.total_sent).toBeGreaterThanOrEqual(2)
    expect(today.total_bounced).toBeGreaterThanOrEqual(1)
    const expected = ((100 * today.total_bounced) / today.total_sent).toFixed(2)
    expect(today.bounce_rate).toBe(expected)
    expect(Number(today.delivery_rate) + Number(today.bounce_rate)).toBeCloseTo(100, 1)
  })
})
