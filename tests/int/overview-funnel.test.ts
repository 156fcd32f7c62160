import { sql } from '@payloadcms/db-postgres/drizzle'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { computeAudienceMetrics } from '@/services/metrics/audience'

import { startApp, type TestApp } from '../helpers/app'

let app: TestApp
let full: string
let demo: string

beforeAll(async () => {
  app = await startApp()
  full = await app.createUser('funnel-full', 'full')
  demo = await app.createUser('funnel-demo', 'demo')
})
afterAll(async () => app?.close())

const execute = (query: ReturnType<typeof sql>) => app.payload.db.drizzle.execute(query)
const overview = (query: string, token = full) =>
  app.request('GET', `/admin/overview?${query}`, { token })

/** A page view as stored; `product` makes it the waitlist page's own product event. */
const pageView = (session: string | null, page: string, at: string, product?: string) =>
  execute(sql`INSERT INTO engagement_events (event_type, page, session_id, event_data, created_at)
    VALUES ('page_view', ${page}, ${session},
      ${product ? JSON.stringify({ event: 'product-specific-engagement', product }) : '{"title":"Page"}'},
      ${at}::timestamptz)`)

const signup = (email: string, product: string, at: string, isConfirmed = false) =>
  execute(sql`INSERT INTO waitlist_entries (email, name, product, joined_at, confirmed_at)
    VALUES (${email}, 'Someone', ${product}::enum_waitlist_entries_product, ${at}::timestamptz,
      ${isConfirmed ? sql`now()` : null})`)

/** A confirmed newsletter subscription proves nothing about a waitlist entry of the address. */
const subscriber = (email: string) =>
  execute(sql`INSERT INTO newsletter_subscribers (email, double_opt_in_confirmed, subscribed_at)
    VALUES (${email}, true, now())`)

const RANGE = 'from=2026-03-01&to=2026-03-07'
const IN = '2026-03-03T12:00:00Z'

describe('the funnel per product over a custom range', () => {
  beforeAll(async () => {
    // s1 and s3 saw the records page; s2 and s3 loaded /waitlist without a product (earth-app).
    await pageView('s1', '/', '2026-03-01T00:00:00Z')
    await pageView('s1', '/waitlist', IN)
    await pageView('s1', '/waitlist', IN, 'records')
    await pageView('s2', '/waitlist', IN)
    await pageView('s3', '/waitlist', IN)
    await pageView('s3', '/waitlist', IN, 'records')
    await pageView('s3', '/waitlist', IN)
    await pageView('s4', '/books', IN)
    // A row stored before paths were cut still counts as the waitlist page.
    await pageView('s5', '/waitlist?product=publishing', '2026-03-07T23:59:59Z')
    await pageView('s5', '/waitlist', '2026-03-07T23:59:59Z', 'publishing')
    // Not counted: the shared anonymous session, events outside the range, other event types.
    await pageView('anonymous', '/waitlist', IN)
    await pageView(null, '/waitlist', IN)
    await pageView('s6', '/waitlist', '2026-02-28T23:59:59Z', 'records')
    await pageView('s7', '/waitlist', '2026-03-08T00:00:00Z', 'records')
    await execute(sql`INSERT INTO engagement_events (event_type, page, session_id, created_at)
      VALUES ('scroll', '/waitlist', 's8', ${IN}::timestamptz)`)

    await signup('a@funnel.example', 'records', '2026-03-01T00:00:00Z', true)
    await signup('b@funnel.example', 'records', IN)
    await signup('c@funnel.example', 'records', '2026-03-07T23:59:59Z')
    await signup('d@funnel.example', 'earth-app', IN, true)
    await signup('e@funnel.example', 'records', '2026-03-08T00:00:00Z', true)
    await signup('f@funnel.example', 'records', '2026-02-28T23:59:59Z')
    await subscriber('b@funnel.example')
    await subscriber('c@funnel.example')
  })

  it('counts visitors, waitlist page sessions, signups and confirmed signups exactly', async () => {
    const res = await overview(RANGE)
    expect(res.status, res.text).toBe(200)
    const data = res.body.data
    expect(data).toMatchObject({ days: 7, from: '2026-03-01', to: '2026-03-07' })
    expect(data.pageViewsByDay.map((day: { date: string }) => day.date)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
    ])
    const counts = Object.fromEntries(
      data.funnels.map((funnel: { product: string; steps: { count: number }[] }) => [
        funnel.product,
        funnel.steps.map((step) => step.count),
      ]),
    )
    expect(counts).toEqual({
      'earth-app': [5, 2, 1, 1],
      publishing: [5, 1, 0, 0],
      records: [5, 2, 3, 1],
      studio: [5, 0, 0, 0],
      universe: [5, 0, 0, 0],
    })
    const records = data.funnels.find((funnel: { product: string }) => funnel.product === 'records')
    expect(records.steps).toEqual([
      { step: 'visitors', count: 5, percent: null },
      { step: 'waitlistPage', count: 2, percent: 40 },
      // Three signups from one waitlist-page session: signups came from other forms too.
      { step: 'signups', count: 3, percent: null },
      { step: 'confirmed', count: 1, percent: 33.3 },
    ])
    // The rest of the Overview reads the same range.
    expect(data.totals.pageViews).toBe(12)
    expect(data.topPages).toEqual([
      { page: '/waitlist', count: 10 },
      { page: '/', count: 1 },
      { page: '/books', count: 1 },
    ])
    const signups = data.signupsByDay.reduce(
      (sum: number, row: { count: number }) => sum + row.count,
      0,
    )
    expect(signups).toBe(4)
  })

  it('a demo user gets the same figures', async () => {
    const [asFull, asDemo] = await Promise.all([overview(RANGE), overview(RANGE, demo)])
    expect(asDemo.status).toBe(200)
    expect(asDemo.body.data).toEqual(asFull.body.data)
    expect(JSON.stringify(asDemo.body)).not.toContain('@funnel.example')
  })

  it('the range moves every step: the day before shows only the early events', async () => {
    const res = await overview('from=2026-02-28&to=2026-02-28')
    expect(res.status).toBe(200)
    const records = res.body.data.funnels.find(
      (funnel: { product: string }) => funnel.product === 'records',
    )
    expect(records.steps.map((step: { count: number }) => step.count)).toEqual([1, 1, 1, 0])
  })
})

describe('signups from several sources', () => {
  it('every percentage is of a step that contains this one, so none is above 100', async () => {
    const day = '2026-04-02T10:00:00Z'
    // Two visitors; one opened the universe waitlist page. Five people joined the universe
    // waitlist: from that page, from the home page's hero, from the universe page and from a
    // referral link, none of which ties a signup to a session.
    await pageView('u1', '/', day)
    await pageView('u1', '/waitlist', day, 'universe')
    await pageView('u2', '/universe', day)
    const sources = ['Friend Referral', 'Social Media', 'Newsletter', 'Podcast', 'Other']
    for (const [index, source] of sources.entries())
      await execute(sql`INSERT INTO waitlist_entries
        (email, name, product, referral_source, joined_at, confirmed_at)
        VALUES (${`u${index}@sources.example`}, 'Someone', 'universe', ${source},
          ${day}::timestamptz, ${index < 2 ? sql`now()` : null})`)
    const res = await overview('from=2026-04-02&to=2026-04-02')
    expect(res.status, res.text).toBe(200)
    const universe = res.body.data.funnels.find(
      (funnel: { product: string }) => funnel.product === 'universe',
    )
    expect(universe.steps).toEqual([
      { step: 'visitors', count: 2, percent: null },
      { step: 'waitlistPage', count: 1, percent: 50 },
      { step: 'signups', count: 5, percent: null },
      { step: 'confirmed', count: 2, percent: 40 },
    ])
    for (const funnel of res.body.data.funnels)
      for (const step of funnel.steps as { percent: number | null }[])
        expect(step.percent ?? 0).toBeLessThanOrEqual(100)
  })
})

describe('one rule for pages', () => {
  it('a query string or fragment on a stored page does not split Top Pages or the AI figures', async () => {
    const now = new Date().toISOString()
    for (const page of ['/faq', '/faq?ref=mail', '/faq#shipping', '/faq?q=a#b', '?only=query'])
      await pageView(`p-${page}`, page, now)
    const res = await overview('days=7')
    expect(res.status).toBe(200)
    expect(res.body.data.topPages).toEqual([{ page: '/faq', count: 4 }])
    const figures = await computeAudienceMetrics(app.payload)
    expect(figures.pageViews.topPagesLast30Days).toEqual([{ page: '/faq', count: 4 }])
  })
})

describe('bad ranges', () => {
  it.each([
    ['from=2026-03-08&to=2026-03-01', 'from', 'from must be on or before to'],
    ['from=2025-01-01&to=2026-01-02', 'to', 'The range must be at most 366 days'],
    ['from=2026-03-01', 'to', 'to is required with from'],
    ['to=2026-03-01', 'from', 'from is required with to'],
    ['from=2026-02-30&to=2026-03-01', 'from', 'from must be a date (YYYY-MM-DD)'],
    ['from=yesterday&to=2026-03-01', 'from', 'from must be a date (YYYY-MM-DD)'],
    ['from=2026-03-01&to=2026-3-2', 'to', 'to must be a date (YYYY-MM-DD)'],
    ['days=7&from=2026-03-01&to=2026-03-02', 'days', 'Give either days or from and to'],
  ])('%s answers 400 naming %s', async (query, field, message) => {
    const res = await overview(query)
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({ [field]: message })
    expect(res.body.message).toBe(message)
  })

  it('a whole leap year is allowed', async () => {
    const res = await overview('from=2024-01-01&to=2024-12-31')
    expect(res.status, res.text).toBe(200)
    expect(res.body.data.days).toBe(366)
  })
})
