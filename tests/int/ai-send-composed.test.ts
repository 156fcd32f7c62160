import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { RecipientType } from '@/schemas/ai'
import { recipientPages } from '@/services/composed-recipients'

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
  const logs = await app.payload.find({
    collection: 'email-logs',
    where: { subject: { equals: subject } },
    limit: 100,
    depth: 0,
  })
  return { res, logs: logs.docs, recipients: logs.docs.map((log) => log.toEmail).sort() }
}

describe('POST /api/admin/ai/send-composed', () => {
  it('all-newsletter: confirmed subscribers with the newsletter preference, minus suppressed and opted out', async () => {
    const { res, logs, recipients } = await send('all-newsletter')
    expect(res.status, res.text).toBe(200)
    expect(recipients).toEqual(['nl-confirmed@example.com', 'nl-suppression-lifted@example.com'])
    expect(res.body).toEqual({
      message:
        'Email queued for 2 recipients. 3 recipients skipped (unsubscribed, suppressed or opted out).',
      queued: 2,
      skipped: 3,
    })
    for (const log of logs) {
      expect(log).toMatchObject({ emailType: 'newsletter', aiGenerated: true, status: 'queued' })
      expect(log.sentBy).toBe(fullId)
      expect(log.message).toContain('Hello from the universe.')
      expect(log.message).toContain('With cosmic love,')
      expect(log.htmlContent ?? null).toBeNull()
    }
  })

  it('all-active: active waitlist entries only', async () => {
    const { res, recipients, logs } = await send('all-active')
    expect(recipients).toEqual(['wl-active@example.com'])
    expect(res.body).toMatchObject({ queued: 1, skipped: 1 })
    expect(logs[0].emailType).toBe('broadcast')
  })

  it('all-inactive: inactive entries, each address once, the "updates" opt-out respected', async () => {
    const { res, recipients } = await send('all-inactive')
    expect(recipients).toEqual(['wl-active@example.com', 'wl-inactive@example.com'])
    expect(res.body).toMatchObject({ queued: 2, skipped: 1 })
  })

  it('all-waitlist: every waitlist address once', async () => {
    const { res, recipients } = await send('all-waitlist')
    expect(recipients).toEqual(['wl-active@example.com', 'wl-inactive@example.com'])
    expect(res.body).toMatchObject({ queued: 2, skipped: 2 })
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

  it('pages through a list in address order without repeating anyone', async () => {
    const pages = []
    for await (const page of recipientPages(app.payload, 'all-newsletter', undefined, 2))
      pages.push(page)
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1])
    const emails = pages.flat().map((recipient) => recipient.email)
    expect(emails).toEqual([...emails].sort())
    expect(new Set(emails).size).toBe(5)
  })
})
