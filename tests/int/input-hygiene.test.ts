import type { PayloadRequest } from 'payload'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { handler } from '@/endpoints/http'
import { CONTROL_CHARACTERS } from '@/schemas/common'
import { WEB_ADDRESS_IN_FIRST_NAME, WEB_ADDRESS_IN_NAME } from '@/schemas/messages'
import { flushAnalytics } from '@/services/analytics/buffer'

import { randomIp, startApp, type TestApp, uniqueEmail } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(async () => app?.close())
afterEach(() => vi.restoreAllMocks())

const post = (path: string, body: unknown, ip = randomIp()) =>
  app.request('POST', path, { body, ip })

/** Shaped as drizzle's: the SQL and its parameters in the message and as properties. */
class DrizzleQueryError extends Error {
  constructor(
    readonly query: string,
    readonly params: unknown[],
    override readonly cause: Error,
  ) {
    super(`Failed query: ${query}\nparams: ${params.join(',')}`)
  }
}

/** Every log call the app makes while `run` runs, as one string. */
const logsDuring = async (run: () => Promise<void>) => {
  const calls: unknown[] = []
  for (const level of ['error', 'warn', 'info', 'debug'] as const)
    vi.spyOn(app.payload.logger, level).mockImplementation(((...args: unknown[]) => {
      calls.push(args)
    }) as never)
  await run()
  return JSON.stringify(calls, (_key, value) =>
    value instanceof Error ? { ...value, message: value.message, stack: value.stack } : value,
  )
}

// Each public form with good values, and the text fields a visitor can fill.
const forms: [string, Record<string, unknown>, string[]][] = [
  [
    '/newsletter',
    { email: 'a@b.example', firstName: 'Ana', source: 'site' },
    ['firstName', 'source'],
  ],
  [
    '/waitlist',
    { email: 'a@b.example', name: 'Ana', interests: ['Music'], referralSource: 'Podcast' },
    ['name', 'referralSource', 'interests.0'],
  ],
  [
    '/contact',
    {
      name: 'Ana',
      email: 'a@b.example',
      subject: 'Hello',
      message: 'A long enough message',
      tags: ['x'],
    },
    ['name', 'subject', 'message', 'tags.0'],
  ],
  [
    '/parent-engagement',
    {
      name: 'Ana',
      email: 'a@b.example',
      childAge: '3-4',
      bookAttraction: 'Stars',
      natureConnection: 'Walks',
      parentingValues: 'Kindness',
      familyWish: 'More time outside',
      source: 'site',
    },
    ['name', 'bookAttraction', 'natureConnection', 'parentingValues', 'familyWish', 'source'],
  ],
  [
    '/engagement/event',
    { eventType: 'page_view', eventData: '{}', page: '/', source: 'site', sessionId: 's' },
    ['eventData', 'page', 'source', 'userAgent', 'sessionId'],
  ],
  [
    '/analytics/track',
    { action: 'click', category: 'navigation', label: 'x', page: '/', sessionId: 's' },
    ['label', 'page', 'userAgent', 'sessionId', 'value'],
  ],
  ['/email/preferences', { token: 'a'.repeat(20) }, ['token']],
]

const withValue = (body: Record<string, unknown>, path: string, value: string) => {
  const copy = structuredClone(body)
  const [field, index] = path.split('.')
  if (index === undefined) copy[field] = value
  else copy[field] = [value]
  return copy
}

describe('control characters in public text fields', () => {
  it('POST /api/newsletter with a NUL byte in firstName is a 400 naming firstName', async () => {
    const res = await post('/newsletter', { email: 'a@b.example', firstName: 'a\u0000b' })
    expect(res.status, res.text).toBe(400)
    expect(res.body.errors).toEqual({ firstName: CONTROL_CHARACTERS })
  })

  it.each(forms)(
    '%s: a NUL byte in any text field is a 400 naming it, and nothing with it is logged',
    async (path, body, fields) => {
      const marker = `nul-${Date.now()}`
      const logs = await logsDuring(async () => {
        for (const field of fields) {
          const res = await post(path, withValue(body, field, `${marker}\u0000x`))
          expect(res.status, `${field}: ${res.text}`).toBe(400)
          expect(res.body.errors?.[field], field).toBe(CONTROL_CHARACTERS)
        }
      })
      expect(logs).not.toContain(marker)
    },
  )

  it('a NUL byte in a query string or a form post is a 400 too', async () => {
    const marker = `nulq-${Date.now()}`
    const logs = await logsDuring(async () => {
      const query = await app.request(
        'GET',
        `/email/preferences?token=${marker}${'%00'.repeat(3)}xxxxxxxx`,
      )
      expect(query.status).toBe(400)
      expect(query.body.errors.token).toBe(CONTROL_CHARACTERS)
      const confirm = await app.request('POST', '/newsletter/confirm', {
        body: { token: `${marker}\u0000xxxxxxxxxxxx` },
      })
      expect(confirm.status).toBe(400)
      expect(confirm.body.errors.token).toBe(CONTROL_CHARACTERS)
    })
    expect(logs).not.toContain(marker)
  })

  it('one-line fields refuse tabs and line breaks; long text keeps them', async () => {
    const newsletter = await post('/newsletter', { email: uniqueEmail(), firstName: 'An\na' })
    expect(newsletter.status).toBe(400)
    expect(newsletter.body.errors.firstName).toBe(CONTROL_CHARACTERS)
    const contact = await post('/contact', {
      name: 'Ana',
      email: uniqueEmail(),
      subject: 'Hello',
      message: 'First line\n\tsecond line\r\nthird',
    })
    expect(contact.status, contact.text).toBe(201)
    const escape = await post('/contact', {
      name: 'Ana',
      email: uniqueEmail(),
      subject: 'Hello',
      message: 'First line \u001b[31m red',
    })
    expect(escape.status).toBe(400)
    expect(escape.body.errors.message).toBe(CONTROL_CHARACTERS)
  })
})

describe('names hold no web or email address (a mail client would link it in "Dear …,")', () => {
  const ADDRESSES = [
    'Ann https://evil.example/win',
    'Ann http://evil.example',
    'Ann www.evil.example',
    'Ann evil.example',
    'Ann x.co/win',
    'Ann ann@evil.example',
    'Ann HTTPS://EVIL.EXAMPLE',
    'Ann ftp://evil.example',
  ]
  const NAMES = [
    'Ann',
    "Mary-Jane O'Neil",
    'J.R.R. Tolkien',
    'Martin Luther King Jr.',
    'Zoë Ph.D.',
    '李小龍',
  ]
  const nameForms: [string, Record<string, unknown>, string, string][] = [
    ['/waitlist', forms[1]![1], 'name', WEB_ADDRESS_IN_NAME],
    ['/contact', forms[2]![1], 'name', WEB_ADDRESS_IN_NAME],
    ['/parent-engagement', forms[3]![1], 'name', WEB_ADDRESS_IN_NAME],
    ['/newsletter', forms[0]![1], 'firstName', WEB_ADDRESS_IN_FIRST_NAME],
  ]

  it.each(nameForms)(
    '%s refuses a name holding an address (400 naming the field) and keeps ordinary names',
    async (path, body, field, message) => {
      for (const value of ADDRESSES) {
        const res = await post(path, { ...body, email: uniqueEmail('named'), [field]: value })
        expect(res.status, `${value}: ${res.text}`).toBe(400)
        expect(res.body.errors, value).toEqual({ [field]: message })
      }
      for (const value of NAMES) {
        const res = await post(path, { ...body, email: uniqueEmail('named'), [field]: value })
        expect(res.status, `${value}: ${res.text}`).toBeLessThan(300)
      }
    },
  )
})

describe('analytics events are validated one by one', () => {
  const stored = async (label: string) => {
    await flushAnalytics(app.payload)
    return (
      await app.payload.find({
        collection: 'analytics-events',
        where: { label: { like: label } },
        sort: 'value',
        limit: 100,
      })
    ).docs
  }

  it('a batch with a bad event stores the good ones around it and names the bad one', async () => {
    const label = `batch-${Date.now()}`
    const res = await post('/analytics/track', [
      { action: 'click', category: 'navigation', label, value: 1 },
      { action: 'click', category: 'navigation', label: `${label}\u0000`, value: 2 },
      { action: 'click', category: 'navigation', label, value: 3 },
      { action: 'teleport', category: 'navigation', label, value: 4 },
      { action: 'click', category: 'navigation', label, value: 5 },
    ])
    expect(res.status, res.text).toBe(201)
    expect(res.body.count).toBe(3)
    expect(res.body.refused).toEqual({
      '1.label': CONTROL_CHARACTERS,
      '3.action': 'Unknown action',
    })
    expect((await stored(label)).map((event) => event.value)).toEqual([1, 3, 5])
  })

  it('a batch with no good event is a 400 naming each index', async () => {
    const res = await post('/analytics/track', [
      { action: 'click', category: 'navigation', label: '\u0000' },
      'not an event',
    ])
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({
      '0.label': CONTROL_CHARACTERS,
      '1.event': expect.any(String),
    })
  })

  it('a timestamp outside the sane window (year 0000, far future, old) is replaced by the server time', async () => {
    const label = `clock-${Date.now()}`
    const before = Date.now()
    const good = new Date(before - 60_000).toISOString()
    const res = await post('/analytics/track', [
      { action: 'click', category: 'navigation', label, value: 1, timestamp: good },
      {
        action: 'click',
        category: 'navigation',
        label,
        value: 2,
        timestamp: '0000-01-01T00:00:00Z',
      },
      {
        action: 'click',
        category: 'navigation',
        label,
        value: 3,
        timestamp: '2999-01-01T00:00:00Z',
      },
      {
        action: 'click',
        category: 'navigation',
        label,
        value: 4,
        timestamp: '2001-01-01T00:00:00Z',
      },
      { action: 'click', category: 'navigation', label, value: 5 },
    ])
    expect(res.status, res.text).toBe(201)
    expect(res.body.count).toBe(5)
    const events = await stored(label)
    expect(events.map((event) => event.value)).toEqual([1, 2, 3, 4, 5])
    expect(events[0].timestamp).toBe(good)
    for (const event of events.slice(1)) {
      const at = Date.parse(event.timestamp!)
      expect(at).toBeGreaterThanOrEqual(before - 1000)
      expect(at).toBeLessThanOrEqual(Date.now() + 1000)
    }
  })

  it('a single event with an unparseable timestamp is a 400 naming it', async () => {
    const res = await post('/analytics/track', {
      action: 'click',
      category: 'navigation',
      timestamp: '2026-13-45T99:00:00Z',
    })
    expect(res.status).toBe(400)
    expect(res.body.errors.timestamp).toBe('Timestamp must be an ISO date')
  })
})

describe('error logs', () => {
  it('a failed query is logged without its SQL parameters, addresses, IPs or tokens', async () => {
    const email = 'secret.person@example.com'
    const token = 'tok_abcdefghijklmnopqrstuvwxyz0123456789'
    // A server fault (an undefined column), not a value of the request's (class 22 answers 400).
    const cause = Object.assign(new Error(`column "note" does not exist near "${email}"`), {
      code: '42703',
      detail: `Key (email)=(${email}) already exists.`,
    })
    const failing = handler(async () => {
      throw new DrizzleQueryError(
        'insert into "x" values ($1, $2, $3)',
        [email, '10.1.2.3', token],
        cause,
      )
    })
    const logs = await logsDuring(async () => {
      const res = await failing({
        payload: app.payload,
        pathname: '/api/test',
        headers: new Headers(),
      } as unknown as PayloadRequest)
      expect(res.status).toBe(500)
    })
    expect(logs).toContain('42703')
    expect(logs).toContain('does not exist near')
    for (const secret of [email, '10.1.2.3', token, 'insert into'])
      expect(logs).not.toContain(secret)
  })
})
