import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { SIGN_OFF_MARKER } from '@/lib/email/sign-off'

import { seedOneOfEach, type Seeded } from '../helpers/admin'
import { startApp, type TestApp } from '../helpers/app'

let app: TestApp
let seeded: Seeded
let token: string
let userId: number

beforeAll(async () => {
  app = await startApp()
  token = await app.createUser('mutations-full', 'full')
  const user = await app.payload.find({
    collection: 'users',
    where: { username: { equals: 'mutations-full' } },
  })
  userId = user.docs[0].id
  seeded = await seedOneOfEach(app)
})
afterAll(async () => app?.close())

const send = (method: string, path: string, body?: unknown) =>
  app.request(method, path, { token, body })

const auditFor = async (action: string) =>
  (
    await app.payload.find({
      collection: 'audit-logs',
      where: { action: { equals: action } },
      sort: '-at',
    })
  ).docs

describe('status changes', () => {
  it('PATCH /admin/waitlist/:id/status sets the status and audits who did it', async () => {
    const res = await send('PATCH', `/admin/waitlist/${seeded.waitlistId}/status`, {
      status: 'active',
    })
    expect(res.status, res.text).toBe(200)
    expect(res.body).toMatchObject({
      success: true,
      data: { id: seeded.waitlistId, status: 'active', email: seeded.emails[0] },
    })
    expect(res.body.data.interests).toEqual(['Sustainability', 'Music & Healing'])
    const [entry] = await auditFor('waitlist.status')
    expect(entry).toMatchObject({
      username: 'mutations-full',
      targetCollection: 'waitlist-entries',
      targetId: String(seeded.waitlistId),
      details: { from: 'inactive', to: 'active' },
    })
    expect(typeof entry.user === 'object' ? entry.user?.id : entry.user).toBe(userId)
    expect(Date.now() - Date.parse(entry.at as string)).toBeLessThan(60_000)
  })

  it('PATCH /admin/contacts/:id/status and the email-opened toggles', async () => {
    const contact = await send('PATCH', `/admin/contacts/${seeded.contactId}/status`, {
      status: 'read',
    })
    expect(contact.body).toMatchObject({ success: true, data: { status: 'read', tags: ['press'] } })
    const opened = await send('PATCH', `/admin/waitlist/${seeded.waitlistId}/email-opened`, {
      opened: true,
    })
    expect(opened.body).toMatchObject({ success: true, data: { emailOpened: true } })
    const log = await send('PATCH', `/admin/emails/${seeded.emailLogId}/email-opened`, {
      opened: true,
    })
    expect(log.body).toMatchObject({
      success: true,
      data: { id: seeded.emailLogId, emailOpened: true, contactId: null },
    })
    expect(await auditFor('contact.status')).toHaveLength(1)
    expect(await auditFor('waitlist.email-opened')).toHaveLength(1)
    expect(await auditFor('email.email-opened')).toHaveLength(1)
  })

  it.each([
    [
      '/admin/waitlist/:id/status',
      { status: 'done' },
      'status',
      'status must be active or inactive',
    ],
    ['/admin/waitlist/:id/status', {}, 'status', 'status must be active or inactive'],
    [
      '/admin/contacts/:id/status',
      { status: 'gone' },
      'status',
      'status must be unread, read or replied',
    ],
    ['/admin/emails/:id/email-opened', { opened: 'yes' }, 'opened', 'opened must be true or false'],
  ])('%s with %j answers 400', async (route, body, field, message) => {
    const res = await send('PATCH', route.replace(':id', String(seeded.contactId)), body)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message, errors: { [field]: message } })
  })

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await send('PATCH', '/admin/waitlist/987654/status', { status: 'active' })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBeTruthy()
    const malformed = await send('PATCH', '/admin/waitlist/abc/status', { status: 'active' })
    expect(malformed.status).toBe(400)
    expect(malformed.body.errors.id).toBeTruthy()
  })
})

describe('emails from the dashboard', () => {
  it('POST /admin/contacts/:id/reply queues the reply with the sign-off and marks it replied', async () => {
    const res = await send('POST', `/admin/contacts/${seeded.contactId}/reply`, {
      subject: 'Re: collaboration',
      message: 'Thank you for writing.\n\nBest regards,\nSomeone',
    })
    expect(res.status, res.text).toBe(200)
    expect(res.body).toEqual({ success: true, message: 'Reply sent successfully' })
    const logs = await app.payload.find({
      collection: 'email-logs',
      where: { contact: { equals: seeded.contactId } },
    })
    expect(logs.docs).toHaveLength(1)
    const log = logs.docs[0]
    expect(log).toMatchObject({
      toEmail: seeded.emails[2],
      subject: 'Re: collaboration',
      emailType: 'reply',
      status: 'queued',
    })
    expect(log.message).toContain('Thank you for writing.')
    expect(log.message).toContain(SIGN_OFF_MARKER)
    expect(log.message).not.toContain('Best regards')
    expect(typeof log.sentBy === 'object' ? log.sentBy?.id : log.sentBy).toBe(userId)
    const contact = await app.payload.findByID({
      collection: 'contact-messages',
      id: seeded.contactId,
    })
    expect(contact.status).toBe('replied')
    const [audit] = await auditFor('contact.reply')
    expect(audit.details).toMatchObject({ emailLogId: log.id, subject: 'Re: collaboration' })
    const history = await send('GET', '/admin/emails?type=reply')
    expect(history.body.data[0]).toMatchObject({ id: log.id, contactId: seeded.contactId })
  })

  it('POST /admin/waitlist/:id/send-email queues a welcome email and sets lastEmailSent', async () => {
    const res = await send('POST', `/admin/waitlist/${seeded.waitlistId}/send-email`, {
      subject: 'Welcome to the Starfinity Universe!',
      message: 'Dear Ada,\n\nThank you.',
    })
    expect(res.status, res.text).toBe(200)
    expect(res.body).toEqual({ success: true, message: 'Email sent successfully' })
    const logs = await app.payload.find({
      collection: 'email-logs',
      where: { waitlistEntry: { equals: seeded.waitlistId } },
    })
    expect(logs.docs[0]).toMatchObject({ toEmail: seeded.emails[0], emailType: 'welcome' })
    expect(logs.docs[0].message).toContain(SIGN_OFF_MARKER)
    const entry = await app.payload.findByID({
      collection: 'waitlist-entries',
      id: seeded.waitlistId,
    })
    expect(Date.now() - Date.parse(entry.lastEmailSent as string)).toBeLessThan(60_000)
    expect(await auditFor('waitlist.send-email')).toHaveLength(1)
  })

  it.each([
    [{ subject: '', message: 'Hello' }, ['subject']],
    [{ subject: 'Hi', message: '   ' }, ['message']],
    [{}, ['subject', 'message']],
  ])('%j answers 400 Please fill in all fields and sends nothing', async (body, fields) => {
    const before = (await app.payload.count({ collection: 'email-logs' })).totalDocs
    for (const path of [
      `/admin/contacts/${seeded.contactId}/reply`,
      `/admin/waitlist/${seeded.waitlistId}/send-email`,
    ]) {
      const res = await send('POST', path, body)
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('Please fill in all fields')
      expect(Object.keys(res.body.errors).sort()).toEqual([...fields].sort())
    }
    expect((await app.payload.count({ collection: 'email-logs' })).totalDocs).toBe(before)
  })

  it('refuses a subject with a line break (it would start a new mail header)', async () => {
    const res = await send('POST', `/admin/contacts/${seeded.contactId}/reply`, {
      subject: 'Hi\r\nBcc: everyone@example.com',
      message: 'Hello',
    })
    expect(res.status).toBe(400)
    expect(res.body.errors.subject).toBe('Subject must be one line')
  })
})

describe('audit trail', () => {
  it('GET /admin/audit lists the entries newest first, paged', async () => {
    const res = await send('GET', '/admin/audit?limit=2')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ page: 1, limit: 2, totalDocs: expect.any(Number) })
    expect(res.body.totalDocs).toBeGreaterThanOrEqual(6)
    expect(res.body.data).toHaveLength(2)
    expect(res.body.data[0]).toEqual({
      id: expect.any(Number),
      userId,
      username: 'mutations-full',
      action: expect.any(String),
      targetCollection: expect.any(String),
      targetId: expect.any(String),
      details: expect.any(Object),
      at: expect.any(String),
    })
    expect(Date.parse(res.body.data[0].at)).toBeGreaterThanOrEqual(Date.parse(res.body.data[1].at))
  })

  it('cannot be written, changed or deleted over the API, even by a full admin', async () => {
    const [entry] = (await app.payload.find({ collection: 'audit-logs', limit: 1 })).docs
    const created = await send('POST', '/audit-logs', { username: 'x', action: 'forged' })
    expect(created.status).toBe(403)
    const changed = await send('PATCH', `/audit-logs/${entry.id}`, { action: 'forged' })
    expect(changed.status).toBe(403)
    const deleted = await send('DELETE', `/audit-logs/${entry.id}`)
    expect(deleted.status).toBe(403)
    expect(await auditFor('forged')).toHaveLength(0)
    const read = await send('GET', '/audit-logs?limit=1')
    expect(read.status).toBe(200)
    expect(read.body.totalDocs).toBeGreaterThan(0)
  })
})
