/**
 * Every door gives the same answer: the access table below, generated over the configuration
 * (every collection, global and endpoint Payload serves, plus Payload's own auth, preferences, jobs
 * and lock routes) × every role. A collection, global or endpoint missing from the table fails the
 * test, so a new door is decided on before it opens. Decision 0060 explains the table.
 */
import { randomBytes } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres/drizzle'
import type { SanitizedConfig } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { hashToken, waitlistConfirmToken, waitlistStatusToken } from '@/services/email/secret-links'
import { unsubscribeTokenFor } from '@/services/email/unsubscribe-links'

import { randomIp, startApp, type TestApp, uniqueEmail } from '../helpers/app'

type Role = 'anonymous' | 'editor' | 'demo' | 'full'
const ROLES: Role[] = ['anonymous', 'editor', 'demo', 'full']

/**
 * Expected answers: `ok` (the request is let through: 2xx, or 400/404 about the data), `denied`
 * (401 or 403), `absent` (404, for every role alike), `self` (only the signed-in user's own record:
 * a list answers 200, another user's record is hidden).
 */
type Answer = 'ok' | 'denied' | 'absent' | 'self'
type Rule = Record<Role, Answer>

const all = (answer: Answer): Rule => ({
  anonymous: answer,
  editor: answer,
  demo: answer,
  full: answer,
})
const only = (...roles: Role[]): Rule =>
  Object.fromEntries(ROLES.map((role) => [role, roles.includes(role) ? 'ok' : 'denied'])) as Rule

type Kind =
  'closed' | 'content' | 'personal' | 'internal' | 'users' | 'audit' | 'locks' | 'preferences'
const READ: Record<Kind, Rule> = {
  closed: all('absent'),
  content: all('ok'),
  personal: only('demo', 'full'),
  internal: all('denied'),
  users: { anonymous: 'denied', editor: 'self', demo: 'self', full: 'ok' },
  audit: only('full'),
  locks: only('editor', 'demo', 'full'),
  preferences: { anonymous: 'denied', editor: 'self', demo: 'self', full: 'self' },
}
const WRITE: Record<Kind, Rule> = {
  closed: all('absent'),
  content: only('editor', 'full'),
  personal: only('full'),
  internal: all('denied'),
  users: only('full'),
  audit: all('denied'), // written by the server only
  locks: only('editor', 'full'),
  preferences: { anonymous: 'denied', editor: 'self', demo: 'self', full: 'self' },
}

/** History and drafts: the team (editors and demo users read content drafts), not visitors. */
const VERSIONS: Record<Kind, Rule> = { ...READ, content: only('editor', 'demo', 'full') }

/** Every collection Payload serves, by kind (see src/access/index.ts). */
const COLLECTIONS: Record<string, Kind> = {
  users: 'users',
  'waitlist-entries': 'personal',
  'contact-messages': 'personal',
  'parent-engagements': 'personal',
  'newsletter-subscribers': 'personal',
  'email-logs': 'personal',
  'email-suppressions': 'personal',
  'bounce-events': 'personal',
  'email-preferences': 'personal',
  'email-sequences': 'personal',
  'email-templates': 'personal',
  'sequence-enrollments': 'personal',
  campaigns: 'personal',
  'email-events': 'personal',
  'deliverability-metrics': 'personal',
  'analytics-events': 'personal',
  'engagement-events': 'personal',
  consents: 'personal',
  articles: 'content',
  redirects: 'content',
  characters: 'content',
  'faq-items': 'content',
  'page-seo': 'content',
  books: 'content',
  songs: 'content',
  'shop-products': 'content',
  media: 'content',
  'audit-logs': 'audit',
  'rate-limits': 'internal',
  'webhook-tokens': 'internal',
  'erased-addresses': 'internal',
  'data-requests': 'internal',
  'newsletter-imports': 'internal',
  'newsletter-import-rows': 'internal',
  'payload-kv': 'internal',
  'payload-jobs': 'internal',
  'payload-locked-documents': 'locks',
  'payload-preferences': 'preferences',
  'payload-migrations': 'closed',
}
const GLOBALS: Record<string, Kind> = { 'site-settings': 'content' }

/** Every endpoint of the configuration (path → rule; `any` = open to all, never a 5xx). */
const ADMIN_READ = only('demo', 'full')
const SIGNED_IN: Rule = { ...all('ok'), anonymous: 'denied' }
const ENDPOINTS: Record<string, Rule | 'any'> = {
  'post /newsletter': 'any',
  'post /waitlist': 'any',
  'post /contact': 'any',
  'post /parent-engagement': 'any',
  'post /engagement/event': 'any',
  'post /analytics/track': 'any',
  // Real visitors' Web Vitals (decision 0220): a beacon from anyone, like the other events.
  'post /analytics/vitals': 'any',
  'get /health': all('ok'),
  'get /status': all('ok'),
  'get /share-image': all('ok'),
  // The jobs timer's signed order (decision 0122): a session is no signature.
  'post /internal/revalidate': all('denied'),
  'post /admin/login': 'any',
  // One's own second factors (decision 0210): every signed-in user, no visitor. Removing a factor
  // and new recovery codes answer 409 when the account's state forbids it: checked for no 5xx.
  'get /admin/second-factor': SIGNED_IN,
  'post /admin/second-factor/totp/setup': SIGNED_IN,
  'post /admin/second-factor/totp': SIGNED_IN,
  'delete /admin/second-factor/totp': 'any',
  'post /admin/second-factor/passkeys/setup': SIGNED_IN,
  'post /admin/second-factor/passkeys': SIGNED_IN,
  'delete /admin/second-factor/passkeys/:id': SIGNED_IN,
  'post /admin/second-factor/recovery-codes': 'any',
  'get /admin/overview': ADMIN_READ,
  'get /admin/speed': ADMIN_READ,
  'get /admin/waitlist/export': only('full'),
  'get /admin/newsletter/export': only('full'),
  'get /admin/waitlist': ADMIN_READ,
  'get /admin/waitlist/stats': ADMIN_READ,
  'get /admin/waitlist/leaderboard': ADMIN_READ,
  'patch /admin/waitlist/:id/status': only('full'),
  'patch /admin/waitlist/:id/email-opened': only('full'),
  'post /admin/waitlist/:id/send-email': only('full'),
  'get /admin/newsletter': ADMIN_READ,
  'get /admin/newsletter/stats': ADMIN_READ,
  'post /admin/newsletter/import/preview': only('full'),
  'post /admin/newsletter/import/:id/start': only('full'),
  'get /admin/newsletter/import/:id': only('full'),
  'get /admin/contacts': ADMIN_READ,
  'get /admin/contacts/stats': ADMIN_READ,
  'patch /admin/contacts/:id/status': only('full'),
  'post /admin/contacts/:id/reply': only('full'),
  'get /admin/parent-insights': ADMIN_READ,
  'get /admin/emails': ADMIN_READ,
  'get /admin/emails/stats': ADMIN_READ,
  'patch /admin/emails/:id/email-opened': only('full'),
  'get /admin/campaigns': ADMIN_READ,
  'get /admin/campaigns/:id': ADMIN_READ,
  'post /admin/campaigns/:id/cancel': only('full'),
  'post /admin/campaigns/:id/pause': only('full'),
  'post /admin/campaigns/:id/resume': only('full'),
  'get /admin/audit': only('full'),
  'get /admin/system': ADMIN_READ,
  'get /admin/people': only('full'),
  'get /admin/people/export': only('full'),
  'delete /admin/people': only('full'),
  // Another user's sessions (here: no such user); one's own are in the rows of doors() below.
  'get /admin/users/:id/sessions': only('full'),
  'delete /admin/users/:id/sessions': only('full'),
  'delete /admin/users/:id/sessions/:sessionId': only('full'),
  'post /admin/ai/compose-reply': only('full'),
  'post /admin/ai/chat': only('full'),
  'post /admin/ai/subject': only('full'),
  'post /admin/ai/send-composed': only('full'),
  'post /admin/ai/analytics': only('full'),
  'post /admin/emails/analyze': only('full'),
  'post /newsletter/confirm': 'any',
  'post /waitlist/confirm': 'any',
  'post /email/data-request': 'any',
  'post /email/data': 'any',
  'get /email/unsubscribe': 'any',
  'post /email/unsubscribe': 'any',
  'get /email/preferences': 'any',
  'post /email/preferences': 'any',
  'get /email/open': 'any',
  'get /email/click': 'any',
  'post /webhooks/email': 'any',
  'get /shopify/products': 'any',
  'get /shopify/shop': 'any',
  'get /access': all('ok'),
  // The SEO plugin's helpers (401 for visitors, 403 without a document) and Payload's reorder
  // (400 before access for an empty move): checked for no 5xx and no leak.
  'post /plugin-seo/generate-title': 'any',
  'post /plugin-seo/generate-description': 'any',
  'post /plugin-seo/generate-url': 'any',
  'post /plugin-seo/generate-image': 'any',
  'post /reorder': 'any',
}

/** Payload's own routes beyond the collection operations. */
const BUILT_IN: [method: string, path: string, rule: Rule | 'any'][] = [
  ['POST', '/users/login', 'any'],
  ['GET', '/users/me', all('ok')],
  ['POST', '/users/refresh-token', 'any'],
  ['GET', '/users/init', all('ok')],
  ['POST', '/users/first-register', 'any'],
  ['POST', '/users/forgot-password', all('absent')],
  ['POST', '/users/reset-password', all('absent')],
  ['POST', '/users/unlock', all('absent')],
  ['GET', '/payload-jobs/run?queue=email', only('full')],
  ['POST', '/graphql', all('absent')],
  ['GET', '/graphql-playground', all('absent')],
  // Answers 200 with no value to a visitor: there is nothing of anyone's to see.
  ['GET', '/payload-preferences/nav', all('ok')],
  ['POST', '/payload-preferences/nav', { ...all('ok'), anonymous: 'denied' }],
  ['DELETE', '/payload-preferences/nav', { ...all('ok'), anonymous: 'denied' }],
  // Last: it ends the session of the token it is sent with.
  ['POST', '/users/logout', 'any'],
]

const MISSING_ID = 987654
/** A request with no answer after this long hangs (far beyond a slow answer on a busy machine). */
const TIMEOUT_MS = 30_000

let app: TestApp
let config: SanitizedConfig
const tokens = {} as Record<Role, string | undefined>
const ids = {} as Record<Role, number>
const usernames = {} as Record<Role, string>
/** Values no one but a full admin may ever receive. */
const secrets: string[] = []
/** Values no one at all may ever receive (tokens): not even a full admin. */
const tokensStored: string[] = []
/** One stored document per collection, where the collection has any. */
const existing = new Map<string, number>()

const seedPeople = async () => {
  const email = uniqueEmail('door')
  const name = `Doorperson ${randomBytes(3).toString('hex')}`
  const ip = '198.51.100.77'
  for (const [path, body] of [
    ['/waitlist', { email, name, product: 'records', referralSource: 'Secret referral words' }],
    ['/newsletter', { email, firstName: name }],
    ['/contact', { name, email, subject: 'other', message: `Write to me at ${email} please.` }],
    ['/parent-engagement', { name, email, childAge: '5-6', familyWish: 'Private family wish' }],
  ] as const) {
    const res = await app.request('POST', path, { body, ip })
    expect(res.status, `${path}: ${res.text}`).toBeLessThan(300)
  }
  // The person's email preferences, with their token, as the first message delivered to them
  // makes them (no mail is delivered here).
  await unsubscribeTokenFor(app.payload, email)
  const tokenRows = await app.payload.db.drizzle.execute(sql`
    SELECT unsubscribe_token AS t FROM newsletter_subscribers WHERE unsubscribe_token IS NOT NULL
    UNION SELECT double_opt_in_token FROM newsletter_subscribers WHERE double_opt_in_token IS NOT NULL
    UNION SELECT unsubscribe_token FROM email_preferences WHERE unsubscribe_token IS NOT NULL
    UNION SELECT confirm_token FROM waitlist_entries WHERE confirm_token IS NOT NULL
    UNION SELECT status_token FROM waitlist_entries WHERE status_token IS NOT NULL`)
  const stored = tokenRows.rows.map((row) => String((row as { t: string }).t))
  expect(stored.length).toBeGreaterThan(0)
  // The person's referral code is personal data of their entry: full admins only.
  const codes = await app.payload.db.drizzle.execute(
    sql`SELECT referral_code AS c FROM waitlist_entries WHERE email = ${email}`,
  )
  const code = String((codes.rows[0] as { c: string }).c)
  secrets.push(email, name, ip, 'Secret referral words', 'Private family wish', code, ...stored)
  tokensStored.push(...stored)
}

const request = async (role: Role, method: string, path: string, body?: unknown) => {
  let timer: NodeJS.Timeout | undefined
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${method} ${path} as ${role}: no answer`)),
      TIMEOUT_MS,
    )
  })
  try {
    return await Promise.race([
      app.request(method, path, { body, token: tokens[role], ip: randomIp() }),
      hang,
    ])
  } finally {
    clearTimeout(timer)
  }
}

const matches = (answer: Answer, status: number, isList: boolean) => {
  switch (answer) {
    case 'ok':
      return status < 400 || status === 400 || status === 404
    case 'denied':
      return status === 401 || status === 403
    case 'absent':
      return status === 404
    case 'self':
      // A list of one's own records, or someone else's record hidden.
      return isList ? status === 200 : [200, 400, 403, 404].includes(status)
  }
}

type Door = { method: string; path: string; rule: Rule | 'any'; body?: unknown; list?: boolean }

const doors = (): Door[] => {
  const list: Door[] = []
  for (const collection of config.collections) {
    const kind = COLLECTIONS[collection.slug]
    if (!kind) continue // reported by its own test below
    const base = `/${collection.slug}`
    const id = existing.get(collection.slug) ?? MISSING_ID
    const versions = collection.versions ? VERSIONS[kind] : all('absent')
    if (collection.slug === 'payload-preferences') continue // keyed routes, in BUILT_IN
    list.push(
      { method: 'GET', path: base, rule: READ[kind], list: true },
      { method: 'GET', path: `${base}/count`, rule: READ[kind], list: true },
      { method: 'GET', path: `${base}/${id}`, rule: READ[kind] },
      { method: 'POST', path: base, rule: WRITE[kind], body: {} },
      { method: 'PATCH', path: `${base}/${MISSING_ID}`, rule: WRITE[kind], body: {} },
      { method: 'DELETE', path: `${base}/${MISSING_ID}`, rule: WRITE[kind] },
      { method: 'GET', path: `${base}/versions`, rule: versions, list: true },
      // A where the database cannot run is a 400 for whoever sends it, never a 5xx (decision 0190).
      { method: 'GET', path: `${base}?where=abc`, rule: 'any' },
      { method: 'GET', path: `${base}/count?where[id][near]=1,2`, rule: 'any' },
      { method: 'GET', path: `${base}?where[AND][0][id][all]=1`, rule: 'any' },
    )
  }
  for (const global of config.globals) {
    const kind = GLOBALS[global.slug]
    if (!kind) continue
    const base = `/globals/${global.slug}`
    list.push(
      { method: 'GET', path: base, rule: READ[kind] },
      { method: 'POST', path: base, rule: WRITE[kind], body: {} },
      {
        method: 'GET',
        path: `${base}/versions`,
        rule: global.versions ? VERSIONS[kind] : all('absent'),
        list: true,
      },
    )
  }
  for (const endpoint of config.endpoints) {
    const key = `${endpoint.method} ${endpoint.path}`
    const rule = ENDPOINTS[key]
    if (!rule) continue
    list.push({
      method: endpoint.method.toUpperCase(),
      path: endpoint.path.replace(':id', String(MISSING_ID)),
      rule,
      body: endpoint.method === 'get' ? undefined : {},
    })
  }
  // Each role's own sessions: its owner and full admins see them (decision 0216); before BUILT_IN,
  // whose last row signs out.
  for (const owner of ['editor', 'demo', 'full'] as const)
    list.push({
      method: 'GET',
      path: `/admin/users/${ids[owner]}/sessions`,
      rule: { ...only('full'), [owner]: 'ok' },
    })
  for (const [method, path, rule] of BUILT_IN)
    list.push({ method, path, rule, body: method === 'GET' ? undefined : {} })
  return list
}

beforeAll(async () => {
  app = await startApp()
  config = app.payload.config
  const suffix = randomBytes(3).toString('hex')
  for (const role of ['editor', 'demo', 'full'] as const) {
    usernames[role] = `door-${role}-${suffix}`
    tokens[role] = await app.createUser(usernames[role], role)
    const found = await app.payload.find({
      collection: 'users',
      where: { username: { equals: usernames[role] } },
      depth: 0,
    })
    ids[role] = found.docs[0]!.id as number
  }
  await seedPeople()
  for (const collection of config.collections) {
    if (!collection.slug.startsWith('payload-') || collection.slug === 'payload-locked-documents') {
      const found = await app.payload
        .find({ collection: collection.slug as never, limit: 1, depth: 0 })
        .catch(() => undefined)
      const first = found?.docs[0] as { id?: number } | undefined
      if (typeof first?.id === 'number') existing.set(collection.slug, first.id)
    }
  }
}, 60_000)
afterAll(async () => app?.close())

describe('the access table', () => {
  it('names every collection, global and endpoint the configuration serves', () => {
    expect(config.collections.map((c) => c.slug).filter((slug) => !COLLECTIONS[slug])).toEqual([])
    expect(config.globals.map((g) => g.slug).filter((slug) => !GLOBALS[slug])).toEqual([])
    expect(
      config.endpoints.map((e) => `${e.method} ${e.path}`).filter((key) => !ENDPOINTS[key]),
    ).toEqual([])
  })
})

describe('every door × every role', () => {
  it('answers as the table says, never a 5xx, and shows no personal data or secret to anyone but a full admin', async () => {
    const wrong: string[] = []
    let requests = 0
    try {
      await walk()
    } finally {
      // The matrix ends sessions (logout, refresh): sign in again for the tests after it.
      for (const role of ['editor', 'demo', 'full'] as const) {
        tokens[role] = await app.login(usernames[role], `pw-${usernames[role]}-correct-horse`)
      }
    }
    async function walk() {
      for (const door of doors()) {
        for (const role of ROLES) {
          const res = await request(role, door.method, door.path, door.body)
          requests++
          const label = `${door.method} ${door.path} as ${role}: ${res.status}`
          if (res.status >= 500) wrong.push(`${label} (server error) ${res.text.slice(0, 200)}`)
          else if (door.rule !== 'any' && !matches(door.rule[role], res.status, Boolean(door.list)))
            wrong.push(`${label}, expected ${door.rule[role]}`)
          const tokenShown = tokensStored.filter((token) => res.text.includes(token))
          if (tokenShown.length) wrong.push(`${label} shows a token`)
          if (role !== 'full') {
            const leaked = secrets.filter((secret) => res.text.includes(secret))
            if (leaked.length) wrong.push(`${label} shows ${leaked.join(', ')}`)
          }
        }
      }
    }
    expect(wrong).toEqual([])
    expect(requests).toBeGreaterThan(1000)

    // After all of it, the site still answers, and no request left a connection held or a
    // request waiting for one: every connection is back in the pool.
    const health = await app.request('GET', '/health')
    expect(health.status).toBe(200)
    const { totalCount, idleCount, waitingCount } = (
      app.payload.db as unknown as {
        pool: { totalCount: number; idleCount: number; waitingCount: number }
      }
    ).pool
    expect(waitingCount).toBe(0)
    expect(idleCount).toBe(totalCount)
  }, 300_000)

  it('a demo user reads personal data masked, and cannot filter or sort by it', async () => {
    const list = await request('demo', 'GET', '/waitlist-entries?limit=100&depth=0')
    expect(list.status, list.text).toBe(200)
    expect(list.body.docs.length).toBeGreaterThan(0)
    for (const doc of list.body.docs) expect(doc.email).toMatch(/^.•••@/)
    const full = await request('full', 'GET', '/waitlist-entries?limit=100&depth=0')
    expect(full.body.docs.some((doc: { email: string }) => secrets.includes(doc.email))).toBe(true)

    for (const query of [
      `where[email][like]=${encodeURIComponent(secrets[0]!.slice(0, 6))}`,
      'where[or][0][name][contains]=Door',
      'sort=email',
      'sort=-name',
    ]) {
      const res = await request('demo', 'GET', `/waitlist-entries?${query}`)
      expect(res.status, `${query}: ${res.text}`).toBe(403)
    }
    const byDate = await request(
      'demo',
      'GET',
      '/waitlist-entries?sort=-createdAt&where[status][equals]=inactive',
    )
    expect(byDate.status, byDate.text).toBe(200)
  })

  it('secrets are readable by no one through the API, not even a full admin', async () => {
    for (const slug of ['newsletter-subscribers', 'email-preferences', 'waitlist-entries']) {
      const res = await request('full', 'GET', `/${slug}?limit=100`)
      expect(res.status, res.text).toBe(200)
      expect(res.body.docs.length, slug).toBeGreaterThan(0)
      for (const doc of res.body.docs) {
        expect(doc).not.toHaveProperty('unsubscribeToken')
        expect(doc).not.toHaveProperty('doubleOptInToken')
        expect(doc).not.toHaveProperty('confirmToken')
        expect(doc).not.toHaveProperty('statusToken')
      }
    }
  })
})

/** The email log's rows to an address (the tests work no queue: queued is as good as sent here). */
const emailsTo = async (email: string) =>
  (
    await app.payload.db.drizzle.execute(sql`
      SELECT subject, message, message_id AS "messageId" FROM email_logs
      WHERE to_email = ${email} ORDER BY id`)
  ).rows as { subject: string; message: string; messageId: string }[]

/** The next email from a form may go now: as if the address's last one were an hour old. */
const letSignupMailGo = () =>
  app.payload.db.drizzle.execute(
    sql`UPDATE rate_limits SET window_start = now() - interval '1 hour' WHERE key LIKE 'signup-mail:%'`,
  )

const signup = (path: string, body: Record<string, unknown>) =>
  request('anonymous', 'POST', path, body)

const count = async (
  collection: 'waitlist-entries' | 'newsletter-subscribers' | 'parent-engagements',
  email: string,
) => (await app.payload.count({ collection, where: { email: { equals: email } } })).totalDocs

describe('the signup forms tell no one who is on the list', () => {
  it('the waitlist answers a known address as a new one, and the email tells the person', async () => {
    const email = uniqueEmail('known')
    const other = uniqueEmail('fresh')
    const body = (address: string) => ({ email: address, name: 'Kim', product: 'records' })
    const first = await signup('/waitlist', body(email))
    const fresh = await signup('/waitlist', body(other))
    expect(first.status, first.text).toBe(201)
    expect(fresh.status).toBe(201)
    // Unconfirmed, right after the first email: the same answer, and no second email yet.
    const again = await signup('/waitlist', { ...body(email), name: 'Someone Else' })
    expect(again.status).toBe(first.status)
    expect(again.body).toEqual(first.body)
    expect({ ...fresh.body, data: { ...fresh.body.data, email } }).toEqual(first.body)
    expect(await emailsTo(email)).toHaveLength(1)

    // Later: the confirmation again, with new links (the earlier confirm link stops working), and
    // the entry's own name, not the one typed in.
    await letSignupMailGo()
    expect((await signup('/waitlist', { ...body(email), name: 'Mallory' })).body).toEqual(
      first.body,
    )
    const mails = await emailsTo(email)
    expect(mails).toHaveLength(2)
    expect(mails[1]!.subject).toBe(mails[0]!.subject)
    expect(mails[1]!.message).toContain('Dear Kim,')
    expect(mails[1]!.message).not.toContain('Mallory')
    const stale = await request('anonymous', 'POST', '/waitlist/confirm', {
      token: waitlistConfirmToken(mails[0]!.messageId),
    })
    expect(stale.status).toBe(400)
    const confirmed = await request('anonymous', 'POST', '/waitlist/confirm', {
      token: waitlistConfirmToken(mails[1]!.messageId),
    })
    expect(confirmed.status, confirmed.text).toBe(200)

    // Confirmed: the same answer again; the email says so, with a new link to the place in line.
    await letSignupMailGo()
    expect((await signup('/waitlist', body(email))).body).toEqual(first.body)
    const reminder = (await emailsTo(email))[2]!
    expect(reminder.subject).toBe("You're already on the Starfinity Records waitlist")
    // The reminder's link is the entry's link to its place from now on.
    expect(
      (
        await app.payload.db.drizzle.execute(
          sql`SELECT 1 FROM waitlist_entries WHERE status_token = ${hashToken(waitlistStatusToken(reminder.messageId))}`,
        )
      ).rows,
    ).toHaveLength(1)
  })

  it('no one can mail-bomb a known address through the forms: one email per address in the window', async () => {
    const email = uniqueEmail('bombed')
    expect((await signup('/waitlist', { email, name: 'Lee', product: 'records' })).status).toBe(201)
    await letSignupMailGo()
    // 20 at once, on the waitlist of the same product, another product's and the newsletter.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? signup('/waitlist', { email, name: 'Lee', product: 'records' })
          : signup('/newsletter', { email }),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201))
    expect(await count('waitlist-entries', email)).toBe(1)
    expect(await count('newsletter-subscribers', email)).toBe(1)
    // The first signup's confirmation, the newsletter's new confirmation (a new subscriber always
    // gets its own), and at most one email from the repeats.
    const mails = await emailsTo(email)
    expect(mails.length).toBeGreaterThanOrEqual(2)
    expect(mails.length).toBeLessThanOrEqual(3)
    const later = await Promise.all(
      Array.from({ length: 10 }, () =>
        signup('/waitlist', { email, name: 'Lee', product: 'records' }),
      ),
    )
    expect(later.every((answer) => answer.status === 201)).toBe(true)
    expect(await emailsTo(email)).toHaveLength(mails.length)
  })

  it('the newsletter answers new, unconfirmed and confirmed addresses alike; the email tells which', async () => {
    const email = uniqueEmail('reader')
    const first = await signup('/newsletter', { email, firstName: 'Ana' })
    expect(first.status, first.text).toBe(201)
    expect(first.body).toEqual({
      success: true,
      message: 'Successfully subscribed!',
      data: { email, confirmationRequired: true },
    })
    const unconfirmed = await signup('/newsletter', { email, firstName: 'Ana' })
    expect(unconfirmed.status).toBe(201)
    expect(unconfirmed.body).toEqual(first.body)
    await app.payload.db.drizzle.execute(
      sql`UPDATE newsletter_subscribers SET double_opt_in_confirmed = true, confirmed_at = now()
        WHERE email = ${email}`,
    )
    await letSignupMailGo()
    const confirmed = await signup('/newsletter', { email, firstName: 'Eve' })
    expect(confirmed.status).toBe(201)
    expect(confirmed.body).toEqual(first.body)
    const mails = await emailsTo(email)
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Please confirm your Starfinity newsletter subscription',
      "You're already subscribed to the Starfinity newsletter",
    ])
    expect(mails[1]!.message).toContain('Dear Ana,')
  })

  it('the parent survey answers a second survey of an address as the first', async () => {
    const body = { name: 'Pat', email: uniqueEmail('parent'), childAge: '5-6' }
    const first = await signup('/parent-engagement', body)
    const again = await signup('/parent-engagement', { ...body, name: 'Other' })
    expect(first.status, first.text).toBe(201)
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    expect(first.text).not.toContain('"id"')
    expect(await count('parent-engagements', body.email)).toBe(1)
  })

  it('a waitlist confirmation link expires; its page says so, and signing up again sends a new one', async () => {
    const email = uniqueEmail('late')
    expect((await signup('/waitlist', { email, name: 'Ola', product: 'studio' })).status).toBe(201)
    const [mail] = await emailsTo(email)
    expect(mail!.message).toMatch(/works for \d+ hours/)
    const token = waitlistConfirmToken(mail!.messageId)
    await app.payload.db.drizzle.execute(
      sql`UPDATE waitlist_entries SET confirm_expires = now() - interval '1 second'
        WHERE email = ${email}`,
    )
    const expired = await request('anonymous', 'POST', '/waitlist/confirm', { token })
    expect(expired.status).toBe(400)
    expect(expired.body.errors.token).toMatch(/expired.*join the waitlist again/i)
    const page = await app.request('POST', '/waitlist/confirm', {
      rawBody: `token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(page.status).toBe(303)
    expect(page.headers.get('location')).toMatch(
      /\/waitlist\/confirm\?status=expired&product=studio$/,
    )

    await letSignupMailGo()
    expect((await signup('/waitlist', { email, name: 'Ola', product: 'studio' })).status).toBe(201)
    const renewed = (await emailsTo(email))[1]!
    const confirmed = await request('anonymous', 'POST', '/waitlist/confirm', {
      token: waitlistConfirmToken(renewed.messageId),
    })
    expect(confirmed.status, confirmed.text).toBe(200)
  })
})
