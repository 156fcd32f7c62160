import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEMO_EMAIL_MESSAGE, DEMO_SEARCH_MESSAGE } from '@/access/admin'
import { DEMO_WRITE_MESSAGE } from '@/plugins/demo-mode'

import { seedOneOfEach, type Seeded } from '../helpers/admin'
import { startApp, type TestApp } from '../helpers/app'

let app: TestApp
let seeded: Seeded
const tokens = {} as Record<'full' | 'demo' | 'editor', string>

beforeAll(async () => {
  app = await startApp()
  tokens.full = await app.createUser('access-full', 'full')
  tokens.demo = await app.createUser('access-demo', 'demo')
  tokens.editor = await app.createUser('access-editor', 'editor')
  seeded = await seedOneOfEach(app)
})
afterAll(async () => app?.close())

const READS = [
  '/admin/waitlist',
  '/admin/waitlist?product=records&status=inactive&search=ada',
  '/admin/waitlist/stats',
  '/admin/newsletter',
  '/admin/newsletter/stats',
  '/admin/contacts',
  '/admin/contacts/stats',
  '/admin/parent-insights',
  '/admin/emails',
  '/admin/emails/stats',
  '/admin/overview',
]

/** An admin call; `:id` in the route is filled from the seeded rows once they exist. */
type Call = {
  method: string
  route: string
  id?: (seeded: Seeded) => number
  body?: unknown
  demoMessage?: string
}
const pathOf = (call: Call) =>
  call.id ? call.route.replace(':id', String(call.id(seeded))) : call.route
const named = (calls: Call[]) =>
  calls.map((call) => [`${call.method} ${call.route}`, call] as const)

const MUTATIONS: Call[] = [
  {
    method: 'PATCH',
    route: '/admin/waitlist/:id/status',
    id: (s) => s.waitlistId,
    body: { status: 'active' },
    demoMessage: DEMO_WRITE_MESSAGE,
  },
  {
    method: 'PATCH',
    route: '/admin/waitlist/:id/email-opened',
    id: (s) => s.waitlistId,
    body: { opened: true },
    demoMessage: DEMO_WRITE_MESSAGE,
  },
  {
    method: 'POST',
    route: '/admin/waitlist/:id/send-email',
    id: (s) => s.waitlistId,
    body: { subject: 'Hi', message: 'Hello' },
    demoMessage: DEMO_EMAIL_MESSAGE,
  },
  {
    method: 'PATCH',
    route: '/admin/contacts/:id/status',
    id: (s) => s.contactId,
    body: { status: 'read' },
    demoMessage: DEMO_WRITE_MESSAGE,
  },
  {
    method: 'POST',
    route: '/admin/contacts/:id/reply',
    id: (s) => s.contactId,
    body: { subject: 'Re', message: 'Thanks' },
    demoMessage: DEMO_EMAIL_MESSAGE,
  },
  {
    method: 'PATCH',
    route: '/admin/emails/:id/email-opened',
    id: (s) => s.emailLogId,
    body: { opened: true },
    demoMessage: DEMO_WRITE_MESSAGE,
  },
  { method: 'GET', route: '/admin/waitlist/export', demoMessage: DEMO_WRITE_MESSAGE },
  {
    method: 'GET',
    route: '/admin/waitlist/export?product=records',
    demoMessage: DEMO_WRITE_MESSAGE,
  },
  { method: 'GET', route: '/admin/newsletter/export', demoMessage: DEMO_WRITE_MESSAGE },
]
const ALL: Call[] = [
  ...READS.map((route) => ({ method: 'GET', route })),
  ...MUTATIONS,
  { method: 'GET', route: '/admin/audit' },
]

describe('anonymous', () => {
  it.each(named(ALL))('%s answers 401', async (_, call) => {
    const res = await app.request(call.method, pathOf(call), { body: call.body })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ message: 'Authentication required' })
  })
})

describe('editor', () => {
  it('is refused everything with 403 and sees no personal data', async () => {
    for (const call of ALL) {
      const res = await app.request(call.method, pathOf(call), {
        body: call.body,
        token: tokens.editor,
      })
      expect(res.status, `${call.method} ${pathOf(call)}`).toBe(403)
      for (const email of seeded.emails) expect(res.text).not.toContain(email)
    }
  })
})

describe('demo user', () => {
  it('reads every list, stats and overview with every email, name and message masked', async () => {
    for (const path of READS.filter((read) => !read.includes('search='))) {
      const res = await app.request('GET', path, { token: tokens.demo })
      expect(res.status, path).toBe(200)
      for (const email of seeded.emails) expect(res.text, path).not.toContain(email)
      expect(res.text).not.toMatch(/Lovelace|Turing|Grace"|More time outside|203\.0\.113/)
    }
    const list = await app.request('GET', '/admin/contacts', { token: tokens.demo })
    const contact = list.body.data.find((row: { id: number }) => row.id === seeded.contactId)
    expect(contact).toMatchObject({
      name: 'A•••',
      email: `${seeded.emails[2][0]}•••@example.com`,
      message: '•••',
      subject: 'collaboration',
      status: 'unread',
    })
    const logs = await app.request('GET', '/admin/emails', { token: tokens.demo })
    expect(logs.body.data[0]).toMatchObject({
      toEmail: `${seeded.emails[4][0]}•••@example.com`,
      message: '•••',
      htmlContent: '•••',
      notes: '•••',
    })
  })

  it.each(named(MUTATIONS))(
    '%s answers 403 with the spec message and changes nothing',
    async (_, call) => {
      const res = await app.request(call.method, pathOf(call), {
        body: call.body,
        token: tokens.demo,
      })
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ message: call.demoMessage })
      expect(res.headers.get('content-type')).toContain('application/json')
    },
  )

  it('left the data as it was and wrote no email or audit entry', async () => {
    const entry = await app.payload.findByID({
      collection: 'waitlist-entries',
      id: seeded.waitlistId,
    })
    expect(entry).toMatchObject({ status: 'inactive', emailOpened: false, lastEmailSent: null })
    const contact = await app.payload.findByID({
      collection: 'contact-messages',
      id: seeded.contactId,
    })
    expect(contact.status).toBe('unread')
    expect((await app.payload.count({ collection: 'email-logs' })).totalDocs).toBe(1)
    expect((await app.payload.count({ collection: 'audit-logs' })).totalDocs).toBe(0)
  })

  it.each([
    '/admin/waitlist?search=person0',
    '/admin/newsletter?search=person1',
    '/admin/contacts?search=Turing',
    '/admin/parent-insights?search=mary',
    '/admin/emails?search=person4',
  ])('may not search personal data: %s answers 403', async (path) => {
    const res = await app.request('GET', path, { token: tokens.demo })
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ message: DEMO_SEARCH_MESSAGE })
  })

  it('may filter and page', async () => {
    const res = await app.request('GET', '/admin/waitlist?product=records&status=inactive&page=1', {
      token: tokens.demo,
    })
    expect(res.status).toBe(200)
    expect(res.body.totalDocs).toBe(1)
    expect(res.body.data[0].email).toBe(`${seeded.emails[0][0]}•••@example.com`)
  })

  it('may not read the audit trail', async () => {
    const res = await app.request('GET', '/admin/audit', { token: tokens.demo })
    expect(res.status).toBe(403)
    const rest = await app.request('GET', '/audit-logs', { token: tokens.demo })
    expect(rest.status).toBe(403)
  })
})

describe('full admin', () => {
  it('reads every list unmasked', async () => {
    for (const path of READS) {
      const res = await app.request('GET', path, { token: tokens.full })
      expect(res.status, path).toBe(200)
      expect(res.text).not.toContain('•••')
    }
  })
})
