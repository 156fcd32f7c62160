import { sql } from '@payloadcms/db-postgres/drizzle'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { SEARCH_COUNT_CAP } from '@/services/admin/paging'

import { seedOneOfEach, seedWaitlistRows, type Seeded } from '../helpers/admin'
import { startApp, type TestApp } from '../helpers/app'

let app: TestApp
let seeded: Seeded
let token: string
const BULK = 1000

beforeAll(async () => {
  app = await startApp()
  token = await app.createUser('lists-full', 'full')
  seeded = await seedOneOfEach(app)
  await seedWaitlistRows(app, BULK, 'page')
})
afterAll(async () => app?.close())

const get = (path: string) => app.request('GET', path, { token })

describe('lists', () => {
  it('GET /admin/waitlist answers the contract shape, newest first', async () => {
    const res = await get('/admin/waitlist?search=person0')
    expect(res.status, res.text).toBe(200)
    expect(res.body).toEqual({
      data: [expect.any(Object)],
      page: 1,
      limit: 50,
      totalDocs: 1,
      totalPages: 1,
      totalCapped: false,
    })
    expect(res.body.data[0]).toEqual({
      id: seeded.waitlistId,
      email: seeded.emails[0],
      name: 'Ada Lovelace',
      joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      product: 'records',
      status: 'inactive',
      interests: ['Sustainability', 'Music & Healing'],
      referralSource: 'Podcast',
      emailOpened: false,
      lastEmailSent: null,
      position: expect.any(Number),
      referrals: 0,
      referralCode: expect.stringMatching(/^[A-Za-z0-9]{10}$/),
      referredById: null,
      confirmedAt: null,
    })
  })

  it('pages through 1,000 seeded rows without gaps or repeats', async () => {
    const seen = new Set<number>()
    let totalPages = 0
    for (let page = 1; ; page++) {
      const res = await get(`/admin/waitlist?search=%40bulk.example&limit=200&page=${page}`)
      expect(res.status).toBe(200)
      expect(res.body.totalDocs).toBe(BULK)
      totalPages = res.body.totalPages
      for (const row of res.body.data) seen.add(row.id)
      if (page >= totalPages) break
      expect(res.body.data).toHaveLength(200)
    }
    expect(totalPages).toBe(5)
    expect(seen.size).toBe(BULK)
    const past = await get('/admin/waitlist?limit=200&page=99')
    expect(past.body).toMatchObject({ data: [], page: 99, totalDocs: BULK + 1 })
  })

  it('filters by product and status, and searches email and name', async () => {
    const records = await get('/admin/waitlist?product=records&limit=1')
    // n % 5 = 2 → records: 200 bulk rows, plus the seeded one.
    expect(records.body.totalDocs).toBe(201)
    const active = await get('/admin/waitlist?status=active&limit=1')
    expect(active.body.totalDocs).toBe(Math.floor(BULK / 3))
    const both = await get('/admin/waitlist?product=records&status=active&search=Bulk%2010')
    for (const row of both.body.data) {
      expect(row).toMatchObject({ product: 'records', status: 'active' })
      expect(row.name).toContain('Bulk 10')
    }
    expect(both.body.totalDocs).toBeGreaterThan(0)
    // Wildcards in the search are taken literally.
    expect((await get('/admin/waitlist?search=%25')).body.totalDocs).toBe(0)
    expect((await get('/admin/waitlist?product=all&limit=1')).body.totalDocs).toBe(BULK + 1)
  })

  it('counts a search up to 10,000 matches and says the total is capped', async () => {
    // 10,050 more rows than the cap lets through, all matching "many-"; removed after.
    await seedWaitlistRows(app, SEARCH_COUNT_CAP + 50, 'many')
    try {
      const capped = await get('/admin/waitlist?search=many-&limit=200')
      expect(capped.status, capped.text).toBe(200)
      expect(capped.body).toMatchObject({
        totalDocs: SEARCH_COUNT_CAP,
        totalPages: SEARCH_COUNT_CAP / 200,
        totalCapped: true,
      })
      expect(capped.body.data).toHaveLength(200)
      // The last page the capped total offers is full; the newest first as ever.
      const last = await get(
        `/admin/waitlist?search=many-&limit=200&page=${SEARCH_COUNT_CAP / 200}`,
      )
      expect(last.body.data).toHaveLength(200)
      expect(last.body.data[0].email).toBe(`many-${SEARCH_COUNT_CAP - 200 + 1}@bulk.example`)
      // A narrower search is counted exactly: many-100, many-1000 … many-1009, many-10000 … many-10050.
      const narrower = await get('/admin/waitlist?search=many-100')
      expect(narrower.body).toMatchObject({ totalDocs: 62, totalCapped: false })
      // Lists without a search keep their exact count.
      const all = await get('/admin/waitlist?limit=1')
      expect(all.body).toMatchObject({
        totalDocs: BULK + 1 + SEARCH_COUNT_CAP + 50,
        totalCapped: false,
      })
    } finally {
      await app.payload.db.drizzle.execute(
        sql`DELETE FROM waitlist_entries WHERE email LIKE 'many-%@bulk.example'`,
      )
    }
  })

  it.each([
    ['/admin/waitlist?limit=201', 'limit', 'limit must be at most 200'],
    ['/admin/waitlist?page=0', 'page', 'page must be at least 1'],
    ['/admin/waitlist?page=abc', 'page', 'page must be a whole number'],
    ['/admin/waitlist?product=shoes', 'product', expect.stringContaining('product must be')],
    ['/admin/contacts?status=maybe', 'status', 'status must be unread, read or replied'],
    ['/admin/emails?type=spam', 'type', expect.stringContaining('type must be')],
    ['/admin/overview?days=0', 'days', 'days must be at least 1'],
  ])('%s answers 400 naming %s', async (path, field, message) => {
    const res = await get(path)
    expect(res.status).toBe(400)
    expect(res.body.errors[field]).toEqual(message)
  })

  it('GET /admin/newsletter, /contacts, /parent-insights and /emails answer their shapes', async () => {
    const newsletter = await get('/admin/newsletter')
    expect(newsletter.body.data.find((r: { id: number }) => r.id === seeded.subscriberId)).toEqual({
      id: seeded.subscriberId,
      email: seeded.emails[1],
      firstName: 'Grace',
      subscribedAt: expect.any(String),
      interests: ['universe', 'wild'],
      consentSource: 'website',
      doubleOptInConfirmed: false,
      emailPreferences: ['newsletter'],
    })
    const contacts = await get('/admin/contacts?status=unread&search=turing')
    expect(contacts.body.data).toEqual([
      {
        id: seeded.contactId,
        name: 'Alan Turing',
        email: seeded.emails[2],
        subject: 'collaboration',
        message: expect.stringContaining('about the book'),
        submittedAt: expect.any(String),
        status: 'unread',
        priority: 'normal',
        emailOpened: false,
        tags: ['press'],
      },
    ])
    const parents = await get('/admin/parent-insights')
    expect(parents.body.data).toEqual([
      {
        id: seeded.parentId,
        name: 'Mary Parent',
        email: seeded.emails[3],
        childAge: '5-6',
        bookAttraction: null,
        natureConnection: null,
        parentingValues: null,
        familyWish: 'More time outside together',
        interests: ['parenting', 'nature'],
        source: 'parent_qr_connect',
        submittedAt: expect.any(String),
      },
    ])
    const emails = await get('/admin/emails?type=newsletter&search=welcome')
    expect(emails.body.data).toEqual([
      {
        id: seeded.emailLogId,
        toEmail: seeded.emails[4],
        fromEmail: 'hello@starfinity.example',
        subject: 'Welcome',
        message: expect.stringContaining('welcome'),
        htmlContent: '<p>Welcome</p>',
        emailType: 'newsletter',
        sentAt: expect.any(String),
        status: 'sent',
        contactId: null,
        waitlistId: null,
        aiGenerated: true,
        emailOpened: false,
        tags: ['launch'],
        notes: 'First send',
        providerMessageId: null,
        skipReason: null,
        rawMessage: null,
      },
    ])
    expect((await get('/admin/emails?type=reply')).body.totalDocs).toBe(0)
    expect((await get('/admin/emails?type=all')).body.totalDocs).toBe(1)
  })
})

describe('stats', () => {
  it('count with single aggregates', async () => {
    expect((await get('/admin/waitlist/stats')).body).toEqual({
      data: { total: BULK + 1, active: 333, inactive: BULK + 1 - 333 },
    })
    expect((await get('/admin/waitlist/stats?product=records')).body.data.total).toBe(201)
    expect((await get('/admin/newsletter/stats')).body).toEqual({
      data: { total: 1, recentSignups: 1 },
    })
    expect((await get('/admin/contacts/stats')).body).toEqual({
      data: { total: 1, unread: 1, read: 0, replied: 0 },
    })
    expect((await get('/admin/emails/stats')).body).toEqual({ data: { total: 1, aiGenerated: 1 } })
  })

  it('leaves subscribers older than 30 days out of recentSignups', async () => {
    await app.payload.db.drizzle.execute(sql`
      INSERT INTO newsletter_subscribers (email, subscribed_at)
      VALUES ('old-timer@example.com', now() - interval '31 days')`)
    expect((await get('/admin/newsletter/stats')).body.data).toEqual({
      total: 2,
      recentSignups: 1,
    })
  })
})

describe('GET /admin/overview', () => {
  it('charts signups, newsletter growth, page views, top pages and scroll depth per day', async () => {
    const events = [
      ['page_view', '/', null],
      ['page_view', '/', null],
      ['page_view', '/about', null],
      ['scroll', '/', '{"depth":25}'],
      ['scroll', '/', '{"depth": 90}'],
      ['scroll', '/', 'not json'],
    ]
    for (const [type, page, data] of events) {
      await app.payload.db.drizzle.execute(sql`
        INSERT INTO engagement_events (event_type, page, event_data)
        VALUES (${type}::enum_engagement_events_event_type, ${page}, ${data})`)
    }
    const res = await get('/admin/overview?days=7')
    expect(res.status, res.text).toBe(200)
    const data = res.body.data
    expect(data.days).toBe(7)
    expect(data.newsletterByDay).toHaveLength(7)
    expect(data.signupsByDay).toHaveLength(7 * 5)
    const today = new Date().toISOString().slice(0, 10)
    expect(data.pageViewsByDay.at(-1)).toEqual({ date: today, count: 3 })
    expect(data.topPages).toEqual([
      { page: '/', count: 2 },
      { page: '/about', count: 1 },
    ])
    expect(data.scrollDepth).toEqual([
      { depth: 25, count: 1 },
      { depth: 50, count: 0 },
      { depth: 75, count: 0 },
      { depth: 90, count: 1 },
    ])
    const signups = data.signupsByDay.reduce(
      (sum: number, row: { count: number }) => sum + row.count,
      0,
    )
    // Bulk rows joined one a minute back from now; all within 7 days.
    expect(signups).toBe(BULK + 1)
    expect(data.totals).toEqual({
      waitlist: BULK + 1,
      newsletter: 2,
      contacts: 1,
      unreadContacts: 1,
      pageViews: 3,
    })
  })
})
