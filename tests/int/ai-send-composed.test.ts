import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { runEmailQueue } from '@/jobs/queue'
import type { RecipientType } from '@/schemas/ai'
import { queueCampaign } from '@/services/campaigns/queue-campaign'

import { startApp, type TestApp } from '../helpers/app'
import { addWaitlistEntry } from '../helpers/ai-data'

let app: TestApp
let full: string
let fullId: number

const subscriber = (email: string, confirmed: boolean, preferences = ['newsletter']) =>
  app.payload.create({
    collection: 'newsletter-subscribers',
    data: { email, doubleOptInConfirmed: confirmed, emailPreferences: preferences },
  })

beforeAll(async () => {
  delete process.env.AI_BASE_URL
  delete process.env.AI_API_KEY
  app = await startApp()
  full = await app.createUser('sender-admin', 'full')
  fullId = (
    await app.payload.find({ collection: 'users', where: { username: { equals: 'sender-admin' } } })
  ).docs[0].id

  await subscriber('nl-confirmed@example.com', true)
  await subscriber('nl-unconfirmed@example.com', false)
  await subscriber('nl-no-newsletter@example.com', true, ['updates'])
  await subscriber('nl-suppressed@example.com', true)
  await subscriber('nl-suppression-lifted@example.com', true)
  await subscriber('nl-opted-out@example.com', true)
  await subscriber('nl-simple-suppressed@example.com', true)
  const suppress = (email: string, isActive: boolean) =>
    app.payload.create({
      collection: 'email-suppressions',
      data: { email, suppressionType: 'unsubscribe', isActive },
    })
  await suppress('nl-suppressed@example.com', true)
  await suppress('nl-suppression-lifted@example.com', false)
  await suppress('wl-suppressed@example.com', true)
  await app.payload.create({
    collection: 'email-suppressions',
    data: { email: 'NL-Simple-Suppressed@example.com', suppressionType: 'bounce' },
  })
  await app.payload.create({
    collection: 'email-preferences',
    data: { email: 'nl-opted-out@example.com', newsletterEnabled: false, frequency: 'weekly' },
  })
  await app.payload.create({
    collection: 'email-preferences',
    data: { email: 'wl-no-updates@example.com', updatesEnabled: false, frequency: 'weekly' },
  })

  const now = new Date()
  await addWaitlistEntry(app.payload, 'earth-app', now, {
    email: 'wl-active@example.com',
    status: 'active',
  })
  await addWaitlistEntry(app.payload, 'records', now, {
    email: 'wl-active@example.com',
    status: 'inactive',
  })
  await addWaitlistEntry(app.payload, 'records', now, { email: 'wl-inactive@example.com' })
  await addWaitlistEntry(app.payload, 'universe', now, {
    email: 'wl-suppressed@example.com',
    status: 'active',
  })
  await addWaitlistEntry(app.payload, 'publishing', now, { email: 'wl-no-updates@example.com' })
})
afterAll(async () => app?.close())

let sends = 0
const send = async (recipientType: RecipientType, extra: Record<string, unknown> = {}) => {
  const subject = `Composer test ${++sends}`
  const res = await app.request('POST', '/admin/ai/send-composed', {
    body: { recipientType, subject, content: 'Hello from the universe.', isHtml: false, ...extra },
    token: full,
  })
  // A group send is a campaign: its job (run here by the queue) writes the recipients' log rows,
  // and the same run of the queue sends them.
  if (res.status === 202) await runEmailQueue(app.payload)
  const logs = await app.payload.find({
    collection: 'email-logs',
    where: { subject: { equals: subject } },
    limit: 100,
    depth: 0,
  })
  const queued = logs.docs.filter((log) => log.status !== 'skipped')
  return {
    res,
    logs: queued,
    recipients: queued.map((log) => log.toEmail).sort(),
    skipped: logs.docs.filter((log) => log.status === 'skipped').map((log) => log.toEmail),
  }
}

const progress = async (id: number) =>
  (await app.request('GET', `/admin/campaigns/${id}`, { token: full })).body

describe('POST /api/admin/ai/send-composed', () => {
  it('all-newsletter: confirmed subscribers with the newsletter preference, minus suppressed and opted out', async () => {
    const { res, logs, recipients, skipped } = await send('all-newsletter')
    expect(res.status, res.text).toBe(202)
    expect(res.body).toEqual({
      campaignId: expect.any(Number),
      status: 'sending',
      message: 'Campaign started. Its progress shows in the Email Manager.',
    })
    expect(recipients).toEqual(['nl-confirmed@example.com', 'nl-suppression-lifted@example.com'])
    expect(skipped.sort()).toEqual([
      'nl-opted-out@example.com',
      'nl-simple-suppressed@example.com',
      'nl-suppressed@example.com',
    ])
    for (const log of logs) {
      expect(log).toMatchObject({ emailType: 'newsletter', aiGenerated: true, isBulk: true })
      expect(log.campaign).toBe(res.body.campaignId)
      expect(log.sentBy).toBe(fullId)
      expect(log.message).toContain('Hello from the universe.')
      expect(log.message).toContain('With cosmic love,')
      expect(log.htmlContent ?? null).toBeNull()
    }
    const campaign = await app.payload.findByID({
      collection: 'campaigns',
      id: res.body.campaignId,
      depth: 0,
    })
    // The queue's run wrote every recipient and sent them (the development outbox).
    expect(campaign).toMatchObject({
      status: 'sent',
      audience: 'all-newsletter',
      type: 'newsletter',
      queuedAt: expect.any(String),
    })
    expect(await progress(res.body.campaignId)).toMatchObject({
      status: 'sent',
      total: 5,
      queued: 0,
      sent: 2,
      skipped: 3,
      remaining: 0,
    })
  })

  it('all-active: active waitlist entries only', async () => {
    const { res, recipients, logs, skipped } = await send('all-active')
    expect(recipients).toEqual(['wl-active@example.com'])
    expect(skipped).toEqual(['wl-suppressed@example.com'])
    expect(logs[0].emailType).toBe('broadcast')
    expect(await progress(res.body.campaignId)).toMatchObject({ total: 2, skipped: 1 })
  })

  it('all-inactive: inactive entries, each address once, the "updates" opt-out respected', async () => {
    const { recipients, skipped } = await send('all-inactive')
    expect(recipients).toEqual(['wl-active@example.com', 'wl-inactive@example.com'])
    expect(skipped).toEqual(['wl-no-updates@example.com'])
  })

  it('all-waitlist: every waitlist address once', async () => {
    const { recipients, skipped } = await send('all-waitlist')
    expect(recipients).toEqual(['wl-active@example.com', 'wl-inactive@example.com'])
    expect(skipped.sort()).toEqual(['wl-no-updates@example.com', 'wl-suppressed@example.com'])
  })

  it('individual: the one address, lower-cased; a suppressed one is skipped', async () => {
    const one = await send('individual', { to: ' Reader.One@Example.com ' })
    expect(one.recipients).toEqual(['reader.one@example.com'])
    expect(one.res.body).toEqual({
      message: 'Email queued for 1 recipient.',
      queued: 1,
      skipped: 0,
    })
    const suppressed = await send('individual', { to: 'nl-suppressed@example.com' })
    expect(suppressed.recipients).toEqual([])
    expect(suppressed.res.body).toMatchObject({ queued: 0, skipped: 1 })
  })

  it('HTML content (a div opening tag) is sent as HTML with a text part derived from it', async () => {
    const { logs } = await send('individual', {
      to: 'html-reader@example.com',
      content:
        '<div><p>Hello <b>friends</b> &amp; family</p><p>Visit <a href="https://starfinity.example/records">our label</a></p></div>',
      isHtml: true,
    })
    expect(logs).toHaveLength(1)
    expect(logs[0].htmlContent).toContain('<div><p>Hello <b>friends</b>')
    expect(logs[0].htmlContent).toContain('With cosmic love,')
    expect(logs[0].message).toContain('Hello friends & family')
    expect(logs[0].message).toContain('our label (https://starfinity.example/records)')
    expect(logs[0].message).not.toMatch(/<\w/)
  })

  it('a campaign queued in small batches reaches everyone once, in address order', async () => {
    const res = await app.request('POST', '/admin/ai/send-composed', {
      body: { recipientType: 'all-newsletter', subject: 'Batched', content: 'In pieces.' },
      token: full,
    })
    expect(res.status, res.text).toBe(202)
    expect(await queueCampaign(app.payload, res.body.campaignId, { batchSize: 2 })).toBe('sent')
    const inCampaign = { campaign: { equals: res.body.campaignId } }
    const logs = await app.payload.find({
      collection: 'email-logs',
      where: inCampaign,
      sort: 'id',
      limit: 100,
      depth: 0,
    })
    const emails = logs.docs.map((log) => log.toEmail)
    expect(emails).toEqual([...emails].sort())
    expect(new Set(emails).size).toBe(5)
    expect(emails).toHaveLength(5)
    // Its job, run afterwards, finds nothing left to do.
    expect(await queueCampaign(app.payload, res.body.campaignId, { batchSize: 2 })).toBe('not-due')
    expect(
      (await app.payload.count({ collection: 'email-logs', where: inCampaign })).totalDocs,
    ).toBe(5)
  })
})
