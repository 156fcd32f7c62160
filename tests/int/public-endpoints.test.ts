import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  bufferAnalyticsRows,
  bufferedAnalyticsRows,
  flushAnalytics,
} from '@/services/analytics/buffer'

import { randomIp, startApp, type TestApp, uniqueEmail } from '../helpers/app'
import { awayFromWindowEdge } from '../helpers/rate-limit'

let app: TestApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(async () => app?.close())

const post = (path: string, body: unknown, ip?: string) => app.request('POST', path, { body, ip })

const count = async (
  collection:
    | 'waitlist-entries'
    | 'newsletter-subscribers'
    | 'contact-messages'
    | 'parent-engagements'
    | 'consents',
  email: string,
) => (await app.payload.count({ collection, where: { email: { equals: email } } })).totalDocs

describe('POST /api/waitlist', () => {
  it('stores a signup with the spec defaults and records consent', async () => {
    const email = uniqueEmail()
    const res = await post('/waitlist', {
      email: `  ${email.toUpperCase()} `,
      name: ' Ada ',
      product: 'records',
      interests: ['Sustainability'],
      referralSource: 'Podcast',
      isAdmin: true,
    })
    expect(res.status, res.text).toBe(201)
    expect(res.body).toEqual({
      success: true,
      message: 'Successfully joined waitlist!',
      data: { email, product: 'records' },
    })
    const [entry] = (
      await app.payload.find({
        collection: 'waitlist-entries',
        where: { email: { equals: email } },
      })
    ).docs
    expect(entry).toMatchObject({
      email,
      name: 'Ada',
      product: 'records',
      status: 'inactive',
      emailOpened: false,
      interests: ['Sustainability'],
      referralSource: 'Podcast',
    })
    expect(entry.joinedAt).toBeTruthy()
    expect(await count('consents', email)).toBe(1)
  })

  it('defaults the product to earth-app', async () => {
    const res = await post('/waitlist', { email: uniqueEmail(), name: 'B' })
    expect(res.status).toBe(201)
    expect(res.body.data.product).toBe('earth-app')
  })

  it('answers the same email and product as a new signup (decision 0163), and allows another product', async () => {
    const email = uniqueEmail()
    const first = await post('/waitlist', { email, name: 'A', product: 'records' })
    expect(first.status).toBe(201)
    const again = await post('/waitlist', {
      email: email.toUpperCase(),
      name: 'A',
      product: 'records',
    })
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    expect((await post('/waitlist', { email, name: 'A', product: 'universe' })).status).toBe(201)
    expect(await count('waitlist-entries', email)).toBe(2)
  })

  it('keeps exactly one row when 50 identical signups arrive at once, each answered alike', async () => {
    const email = uniqueEmail('race')
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        post('/waitlist', { email, name: 'Racer', product: 'publishing' }),
      ),
    )
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(201))
    expect(new Set(responses.map((r) => r.text)).size).toBe(1)
    expect(await count('waitlist-entries', email)).toBe(1)
  })

  it.each([
    [{ email: 'nope', name: 'A' }, 'email', 'Please enter a valid email address'],
    [{ name: 'A' }, 'email', 'Please enter a valid email address'],
    [{ email: 'a@b.co' }, 'name', 'Name is required'],
    [{ email: 'a@b.co', name: '   ' }, 'name', 'Name is required'],
    [
      { email: 'a@b.co', name: 'A', product: 'shoes' },
      'product',
      'Please choose one of our products',
    ],
    [{ email: 'a@b.co', name: 'x'.repeat(101) }, 'name', 'Name must be at most 100 characters'],
  ])('rejects %j with 400 naming %s', async (body, field, message) => {
    const res = await post('/waitlist', body)
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(message)
    expect(res.body.errors[field]).toBe(message)
  })
})

describe('POST /api/newsletter', () => {
  it('stores an unconfirmed subscriber with consent details', async () => {
    const email = uniqueEmail()
    const ip = randomIp()
    const res = await post(
      '/newsletter',
      { email, firstName: 'Nia', interests: ['universe', 'updates'], source: 'hero-section' },
      ip,
    )
    expect(res.status, res.text).toBe(201)
    const [subscriber] = (
      await app.payload.find({
        collection: 'newsletter-subscribers',
        where: { email: { equals: email } },
      })
    ).docs
    expect(subscriber).toMatchObject({
      email,
      firstName: 'Nia',
      interests: ['universe', 'updates'],
      consentIp: ip,
      consentSource: 'hero-section',
      doubleOptInConfirmed: false,
      emailPreferences: ['newsletter'],
    })
    expect(subscriber.unsubscribeToken).toMatch(/^[\w-]{32}$/)
    expect(subscriber.consentTimestamp).toBeTruthy()
    expect(await count('consents', email)).toBe(1)
  })

  it('uses consent source "website" when none is sent', async () => {
    const email = uniqueEmail()
    expect((await post('/newsletter', { email })).status).toBe(201)
    const [subscriber] = (
      await app.payload.find({
        collection: 'newsletter-subscribers',
        where: { email: { equals: email } },
      })
    ).docs
    expect(subscriber.consentSource).toBe('website')
  })

  it('answers a confirmed subscriber as a new address (decision 0163); unconfirmed, a signup again is 201 too', async () => {
    const email = uniqueEmail()
    expect((await post('/newsletter', { email })).status).toBe(201)
    // Not yet confirmed: signing up again asks for the confirmation email again.
    expect((await post('/newsletter', { email })).status).toBe(201)
    const [subscriber] = (
      await app.payload.find({
        collection: 'newsletter-subscribers',
        where: { email: { equals: email } },
      })
    ).docs
    await app.payload.update({
      collection: 'newsletter-subscribers',
      id: subscriber.id,
      data: { doubleOptInConfirmed: true },
    })
    const again = await post('/newsletter', { email })
    expect(again.status).toBe(201)
    expect(again.body.message).toBe('Successfully subscribed!')
  })

  it('keeps one subscriber and sends one confirmation under 50 concurrent signups', async () => {
    const racer = uniqueEmail('race')
    const statuses = (
      await Promise.all(Array.from({ length: 50 }, () => post('/newsletter', { email: racer })))
    ).map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(50)
    expect(await count('newsletter-subscribers', racer)).toBe(1)
    const confirmations = await app.payload.find({
      collection: 'email-logs',
      where: { toEmail: { equals: racer }, emailType: { equals: 'confirmation' } },
    })
    expect(confirmations.totalDocs).toBe(1)
  })

  it('rejects an invalid email and oversized lists', async () => {
    const bad = await post('/newsletter', { email: 'not-an-email' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.email).toBe('Please enter a valid email address')
    const many = await post('/newsletter', {
      email: uniqueEmail(),
      interests: Array.from({ length: 21 }, (_, i) => `tag${i}`),
    })
    expect(many.status).toBe(400)
    expect(many.body.errors).toHaveProperty('interests')
  })
})

describe('POST /api/contact', () => {
  const valid = () => ({
    name: 'Sam',
    email: uniqueEmail(),
    subject: 'collaboration',
    message: 'I would love to collaborate on a book.',
  })

  it('stores the message as unread with normal priority', async () => {
    const body = valid()
    const res = await post('/contact', body)
    expect(res.status, res.text).toBe(201)
    const message = await app.payload.findByID({
      collection: 'contact-messages',
      id: res.body.data.id,
    })
    expect(message).toMatchObject({
      ...body,
      status: 'unread',
      priority: 'normal',
      emailOpened: false,
    })
  })

  it('stores the same message once when it is sent twice', async () => {
    const body = valid()
    const responses = await Promise.all([
      post('/contact', body),
      post('/contact', body),
      post('/contact', body),
    ])
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409])
    expect(await count('contact-messages', body.email)).toBe(1)
  })

  it.each([
    ['name', { name: '' }, 'Name is required'],
    ['name', { name: 'n'.repeat(101) }, 'Name must be at most 100 characters'],
    ['email', { email: 'x@' }, 'Please enter a valid email'],
    ['subject', { subject: '' }, 'Subject is required'],
    ['subject', { subject: 's'.repeat(201) }, 'Subject must be at most 200 characters'],
    ['message', { message: 'too short' }, 'Message must be at least 10 characters'],
    ['message', { message: 'm'.repeat(2001) }, 'Message must be at most 2000 characters'],
    ['priority', { priority: 'asap' }, 'Priority must be low, normal, high or urgent'],
  ])('rejects a bad %s', async (field, override, message) => {
    const res = await post('/contact', { ...valid(), ...override })
    expect(res.status).toBe(400)
    expect(res.body.errors[field]).toBe(message)
  })

  it('accepts the limits exactly', async () => {
    const res = await post('/contact', {
      ...valid(),
      name: 'n'.repeat(100),
      subject: 's'.repeat(200),
      message: 'm'.repeat(2000),
    })
    expect(res.status).toBe(201)
  })
})

describe('POST /api/parent-engagement', () => {
  const valid = () => ({
    name: 'Pat',
    email: uniqueEmail(),
    childAge: '5-6',
    bookAttraction: 'Nature connection',
    interests: ['parenting', 'nature', 'wild-universe'],
    source: 'parent_qr_connect',
  })

  it('stores the survey and records consent', async () => {
    const body = valid()
    const res = await post('/parent-engagement', body)
    expect(res.status, res.text).toBe(201)
    const [doc] = (
      await app.payload.find({
        collection: 'parent-engagements',
        where: { email: { equals: body.email } },
      })
    ).docs
    expect(doc).toMatchObject({
      name: 'Pat',
      email: body.email,
      childAge: '5-6',
      source: 'parent_qr_connect',
      interests: body.interests,
    })
    expect(await count('consents', body.email)).toBe(1)
  })

  it('requires a child age range from the list, and stores a second survey of an address once', async () => {
    const noAge = await post('/parent-engagement', { ...valid(), childAge: undefined })
    expect(noAge.status).toBe(400)
    expect(noAge.body.errors.childAge).toBe("Please select your child's age range")
    const body = valid()
    expect((await post('/parent-engagement', body)).status).toBe(201)
    expect((await post('/parent-engagement', body)).status).toBe(201)
    expect(await count('parent-engagements', body.email)).toBe(1)
  })
})

describe('events', () => {
  it('stores an engagement event with a hashed address and an anonymous session', async () => {
    const ip = randomIp()
    const page = `/books/${Date.now()}`
    const res = await post(
      '/engagement/event',
      { eventType: 'page_view', eventData: { depth: 25 }, page, source: 'site', userAgent: 'test' },
      ip,
    )
    expect(res.status, res.text).toBe(201)
    const [event] = (
      await app.payload.find({ collection: 'engagement-events', where: { page: { equals: page } } })
    ).docs
    expect(event).toMatchObject({
      eventType: 'page_view',
      eventData: '{"depth":25}',
      sessionId: 'anonymous',
    })
    expect(event.ipHash).toBeTruthy()
    expect(event.ipHash).not.toContain(ip)
    expect(JSON.stringify(event)).not.toContain(ip)
  })

  it('tracks one analytics event or a batch, storing no raw address', async () => {
    const ip = randomIp()
    const label = `cta-${Date.now()}`
    const one = await post(
      '/analytics/track',
      {
        action: 'click',
        category: 'call_to_action',
        label,
        value: '3',
        page: '/',
        timestamp: new Date().toISOString(),
        sessionId: 's-1',
      },
      ip,
    )
    expect(one.status, one.text).toBe(201)
    expect(one.body.count).toBe(1)
    const batch = await post(
      '/analytics/track',
      [
        { action: 'explore', category: 'content_interaction', label, value: 50 },
        { action: 'navigate', category: 'navigation', label },
      ],
      ip,
    )
    expect(batch.body.count).toBe(2)
    await flushAnalytics(app.payload)
    const events = (
      await app.payload.find({
        collection: 'analytics-events',
        where: { label: { equals: label } },
        sort: 'createdAt',
      })
    ).docs
    expect(events).toHaveLength(3)
    expect(events[0]).toMatchObject({ action: 'click', value: 3, sessionId: 's-1' })
    expect(events[1].sessionId).toBe('anonymous')
    expect(new Set(events.map((e) => e.ipHash)).size).toBe(1)
    expect(JSON.stringify(events)).not.toContain(ip)
  })

  it('stores a buffer larger than one statement can carry (as after an outage)', async () => {
    const label = `backlog-${Date.now()}`
    const now = new Date().toISOString()
    const rows = Array.from({ length: 7_000 }, (_, index) => ({
      action: 'click',
      category: 'navigation',
      label,
      value: index,
      page: '/',
      timestamp: now,
      sessionId: 'anonymous',
      ipHash: 'backlog',
      createdAt: now,
      updatedAt: now,
    }))
    bufferAnalyticsRows(app.payload, rows) // 7,000 rows × 11 columns > 65,535 parameters
    await flushAnalytics(app.payload)
    expect(bufferedAnalyticsRows()).toBe(0)
    const { totalDocs } = await app.payload.count({
      collection: 'analytics-events',
      where: { label: { equals: label } },
    })
    expect(totalDocs).toBe(7_000)
  })

  it('drops only a row the database refuses for its data, and stores the others of its batch', async () => {
    const label = `refused-${Date.now()}`
    const now = new Date().toISOString()
    const row = (action: string, value: number) => ({
      action,
      category: 'navigation',
      label,
      value,
      page: '/',
      timestamp: now,
      sessionId: 'anonymous',
      ipHash: 'refused',
      createdAt: now,
      updatedAt: now,
    })
    // 'hover' is not a value of the action enum: PostgreSQL refuses that row (SQLSTATE 22P02).
    bufferAnalyticsRows(app.payload, [row('click', 1), row('hover', 2), row('click', 3)])
    await flushAnalytics(app.payload)
    expect(bufferedAnalyticsRows()).toBe(0)
    const { docs } = await app.payload.find({
      collection: 'analytics-events',
      where: { label: { equals: label } },
      sort: 'value',
    })
    expect(docs.map((doc) => doc.value)).toEqual([1, 3])
  })

  it('rejects unknown categories and actions', async () => {
    const res = await post('/analytics/track', { action: 'hover', category: 'navigation' })
    expect(res.status).toBe(400)
    expect(res.body.errors.action).toBe('Unknown action')
    const event = await post('/engagement/event', { eventType: 'teleport' })
    expect(event.body.errors.eventType).toBe('Unknown event type')
  })
})

describe('bad requests never become a 500', () => {
  it.each([
    '/newsletter',
    '/waitlist',
    '/contact',
    '/parent-engagement',
    '/engagement/event',
    '/analytics/track',
  ])('%s: malformed JSON, wrong type, non-object, too large', async (path) => {
    const malformed = await app.request('POST', path, {
      rawBody: '{"email":',
      headers: { 'content-type': 'application/json' },
    })
    expect(malformed.status).toBe(400)
    expect(malformed.body.message).toBe('Request body must be valid JSON')

    const form = await app.request('POST', path, {
      rawBody: 'email=a@b.co',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(form.status).toBe(415)

    const scalar = await app.request('POST', path, {
      rawBody: '"hello"',
      headers: { 'content-type': 'application/json' },
    })
    expect(scalar.status).toBe(400)

    const huge = await app.request('POST', path, {
      body: { email: 'a@b.co', name: 'A', message: 'x'.repeat(70 * 1024) },
    })
    expect(huge.status).toBe(413)
  })

  it('counts the body while streaming when no length is declared', async () => {
    const chunk = new TextEncoder().encode(`{"email":"a@b.co","name":"${'x'.repeat(20 * 1024)}"}`)
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(chunk)
        controller.close()
      },
    })
    const res = await app.request('POST', '/waitlist', {
      rawBody: stream as never,
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(413)
  })
})

describe('rate limits', () => {
  it('answers 429 with Retry-After once an address exceeds the contact limit, and other addresses are unaffected', async () => {
    await awayFromWindowEdge('contact', 5_000)
    const ip = randomIp()
    const statuses: number[] = []
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await post(
            '/contact',
            {
              name: 'R',
              email: uniqueEmail(),
              subject: 'other',
              message: `Rate limit probe number ${i}`,
            },
            ip,
          )
        ).status,
      )
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201])
    expect(statuses[5]).toBe(429)
    const limited = await post(
      '/contact',
      { name: 'R', email: uniqueEmail(), subject: 'other', message: 'One more time, please.' },
      ip,
    )
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(limited.body.message).toMatch(/Too many requests/)
    expect(
      (
        await post('/contact', {
          name: 'R',
          email: uniqueEmail(),
          subject: 'other',
          message: 'From another address.',
        })
      ).status,
    ).toBe(201)
  })
})

describe('analytics rate limit', () => {
  it('answers 429 after 300 events a minute from one address, counted in memory', async () => {
    const ip = randomIp()
    const body = { action: 'click', category: 'navigation', label: 'limit-probe' }
    await awayFromWindowEdge('analytics-track', 5_000)
    const statuses = await Promise.all(
      Array.from({ length: 301 }, () => post('/analytics/track', body, ip)),
    )
    expect(statuses.filter((r) => r.status === 201)).toHaveLength(300)
    const limited = statuses.filter((r) => r.status === 429)
    expect(limited).toHaveLength(1)
    expect(Number(limited[0].headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('operations', () => {
  it('GET /api/health answers 200 when the database answers', async () => {
    const res = await app.request('GET', '/health')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ status: 'ok', database: 'ok' })
  })
})
