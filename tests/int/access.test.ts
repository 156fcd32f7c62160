import type { CollectionSlug } from 'payload'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { PUBLIC_ROUTES } from '@/lib/routes'
import { DEMO_WRITE_MESSAGE } from '@/plugins/demo-mode'
import { seed } from '@/seed'

import { type RequestOptions, startApp, type TestApp, uniqueEmail } from '../helpers/app'

type Id = number | string

const PERSONAL = [
  'waitlist-entries',
  'newsletter-subscribers',
  'contact-messages',
  'parent-engagements',
  'email-logs',
  'consents',
  'analytics-events',
] as const satisfies readonly CollectionSlug[]
type PersonalSlug = (typeof PERSONAL)[number]

const FORBIDDEN = 'You are not allowed to perform this action.'

/** A valid new document of each personal-data collection: a refusal is about access, not data. */
const newDoc = (slug: PersonalSlug, email = uniqueEmail('probe')): Record<string, unknown> => {
  switch (slug) {
    case 'waitlist-entries':
      return { email, name: 'Probe', product: 'records' }
    case 'newsletter-subscribers':
      return { email, firstName: 'Probe' }
    case 'contact-messages':
      return { name: 'Probe', email, subject: 'other', message: 'A message of some length.' }
    case 'parent-engagements':
      return { name: 'Probe', email, childAge: '3-4' }
    case 'email-logs':
      return { toEmail: email, fromEmail: 'hello@starfinity.test', subject: 'Probe' }
    case 'consents':
      return { email, consentType: 'newsletter' }
    case 'analytics-events':
      return { action: 'click', category: 'navigation', label: `probe-${email}` }
  }
}

/** A change an attacker would like to make to each collection. */
const PATCHES: Record<PersonalSlug, Record<string, unknown>> = {
  'waitlist-entries': { status: 'active', name: 'Hacked' },
  'newsletter-subscribers': { firstName: 'Hacked', doubleOptInConfirmed: true },
  'contact-messages': { status: 'replied', message: 'Hacked message body' },
  'parent-engagements': { name: 'Hacked' },
  'email-logs': { subject: 'Hacked' },
  consents: { granted: false },
  'analytics-events': { label: 'hacked' },
}

let app: TestApp
let tokens: { full: string; demo: string; editor: string }
let users: { full: Id; demo: Id; editor: Id }
/** The waitlist row signed up through POST /api/waitlist. */
let signup: { id: Id; email: string }
/** One existing document per personal-data collection. */
const fixtures = {} as Record<PersonalSlug, Id>

/**
 * A request that never answers (a database deadlock) is reported as such, and the tests after it
 * fail at once instead of each waiting for its own timeout on a database that is stuck.
 */
const HANG_MS = 15_000
let stuckSince: string | undefined
const request = async (method: string, path: string, options?: RequestOptions) => {
  let timer: NodeJS.Timeout | undefined
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      stuckSince = `${method} ${path}`
      reject(new Error(`${method} ${path} did not answer within ${HANG_MS / 1000} s`))
    }, HANG_MS)
  })
  try {
    return await Promise.race([app.request(method, path, options), hang])
  } finally {
    clearTimeout(timer)
  }
}
beforeEach(() => {
  if (stuckSince) throw new Error(`not run: the database is stuck since ${stuckSince}`)
})

/** The seeded search and share entry of /faq (decision 0122). */
const faqSeo = async () =>
  (
    await app.payload.find({
      collection: 'page-seo',
      where: { path: { equals: '/faq' } },
      limit: 1,
      depth: 0,
    })
  ).docs[0]!

const readDoc = <S extends CollectionSlug>(collection: S, id: Id) =>
  app.payload.findByID({ collection, id, depth: 0, disableErrors: true })
const countOf = async (collection: CollectionSlug) =>
  (await app.payload.count({ collection })).totalDocs
const userId = async (username: string) => {
  const found = await app.payload.find({
    collection: 'users',
    where: { username: { equals: username } },
    limit: 1,
    depth: 0,
  })
  return found.docs[0]!.id
}
const firstCharacter = async () => {
  const found = await app.payload.find({
    collection: 'characters',
    where: { slug: { equals: 'dune' } },
    depth: 0,
  })
  return found.docs[0]!
}

beforeAll(async () => {
  app = await startApp()
  // The seed prints the generated admin password; keep it out of the test output.
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
  try {
    await seed(app.payload)
  } finally {
    log.mockRestore()
  }

  const suffix = Date.now().toString(36)
  const names = { full: `full-${suffix}`, demo: `demo-${suffix}`, editor: `editor-${suffix}` }
  tokens = {
    full: await app.createUser(names.full, 'full'),
    demo: await app.createUser(names.demo, 'demo'),
    editor: await app.createUser(names.editor, 'editor'),
  }
  users = {
    full: await userId(names.full),
    demo: await userId(names.demo),
    editor: await userId(names.editor),
  }

  const email = uniqueEmail('signup')
  const res = await app.request('POST', '/waitlist', {
    body: { email, name: 'A', product: 'records' },
  })
  expect(res.status, res.text).toBe(201)
  const [entry] = (
    await app.payload.find({ collection: 'waitlist-entries', where: { email: { equals: email } } })
  ).docs
  signup = { id: entry!.id, email }
  fixtures['waitlist-entries'] = signup.id

  for (const slug of PERSONAL) {
    if (slug === 'waitlist-entries') continue
    const doc = await app.payload.create({
      collection: slug,
      data: newDoc(slug) as never,
      depth: 0,
    })
    fixtures[slug] = doc.id
  }
})
afterAll(async () => app?.close())

/**
 * Sends a write and checks it is refused with 403 and `message` (Payload's own by default), and
 * that the row (or the count) is unchanged.
 */
const expectRefusedWrite = async (
  collection: CollectionSlug,
  method: 'POST' | 'PATCH' | 'DELETE',
  options: { id?: Id; body?: unknown; token?: string; message?: string },
) => {
  const before = options.id !== undefined ? await readDoc(collection, options.id) : undefined
  const total = await countOf(collection)
  const path = options.id !== undefined ? `/${collection}/${options.id}` : `/${collection}`
  const res = await request(method, path, { body: options.body, token: options.token })
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(403)
  expect(res.body.errors?.[0]?.message).toBe(options.message ?? FORBIDDEN)
  expect(await countOf(collection)).toBe(total)
  if (options.id !== undefined) {
    expect(before).toBeTruthy()
    expect(await readDoc(collection, options.id)).toEqual(before)
  }
}

describe('anonymous visitors', () => {
  it.each([...PERSONAL, 'users' as const])(
    'GET /api/%s answers 403 with no documents',
    async (slug) => {
      const res = await request('GET', `/${slug}`)
      expect(res.status, res.text).toBe(403)
      expect(res.body.errors[0].message).toBe(FORBIDDEN)
      expect(res.body.docs).toBeUndefined()
      expect(res.text).not.toContain('@example.com')
    },
  )

  it.each(PERSONAL)('GET /api/%s/:id and /count answer 403', async (slug) => {
    const one = await request('GET', `/${slug}/${fixtures[slug]}`)
    expect(one.status, one.text).toBe(403)
    expect(one.text).not.toContain('@example.com')
    const count = await request('GET', `/${slug}/count`)
    expect(count.status, count.text).toBe(403)
    expect(count.body.totalDocs).toBeUndefined()
  })

  it('cannot read a signup by querying for its email', async () => {
    const res = await request(
      'GET',
      `/waitlist-entries?where[email][equals]=${encodeURIComponent(signup.email)}`,
    )
    expect(res.status).toBe(403)
    expect(res.text).not.toContain(signup.email)
  })

  it.each(PERSONAL)('POST /api/%s is refused', async (slug) => {
    await expectRefusedWrite(slug, 'POST', { body: newDoc(slug) })
  })

  it.each(PERSONAL)('PATCH /api/%s/:id is refused and changes nothing', async (slug) => {
    await expectRefusedWrite(slug, 'PATCH', { id: fixtures[slug], body: PATCHES[slug] })
  })

  it.each(PERSONAL)('DELETE /api/%s/:id is refused and deletes nothing', async (slug) => {
    await expectRefusedWrite(slug, 'DELETE', { id: fixtures[slug] })
  })

  it('cannot bulk-update or bulk-delete waitlist entries with a where query', async () => {
    const before = await readDoc('waitlist-entries', signup.id)
    const where = `where[id][equals]=${signup.id}`
    const patch = await request('PATCH', `/waitlist-entries?${where}`, {
      body: { status: 'active' },
    })
    expect(patch.status, patch.text).toBe(403)
    const del = await request('DELETE', `/waitlist-entries?${where}`)
    expect(del.status, del.text).toBe(403)
    expect(await readDoc('waitlist-entries', signup.id)).toEqual(before)
  })

  it('cannot create, change or delete users', async () => {
    await expectRefusedWrite('users', 'POST', {
      body: { username: 'intruder', password: 'a-long-enough-password', accessLevel: 'full' },
    })
    await expectRefusedWrite('users', 'PATCH', { id: users.demo, body: { accessLevel: 'full' } })
    await expectRefusedWrite('users', 'DELETE', { id: users.full })
  })

  it('cannot write content', async () => {
    const dune = await firstCharacter()
    await expectRefusedWrite('characters', 'PATCH', {
      id: dune.id,
      body: { description: 'Defaced' },
    })
    await expectRefusedWrite('characters', 'DELETE', { id: dune.id })
    const seo = await faqSeo()
    await expectRefusedWrite('page-seo', 'PATCH', { id: seo.id, body: { meta: { title: 'X' } } })
    await expectRefusedWrite('page-seo', 'DELETE', { id: seo.id })
    const before = await app.payload.findGlobal({ slug: 'site-settings', depth: 0 })
    const res = await request('POST', '/globals/site-settings', { body: { tagline: 'Defaced' } })
    expect(res.status, res.text).toBe(403)
    expect(await app.payload.findGlobal({ slug: 'site-settings', depth: 0 })).toEqual(before)
  })

  it('reads content: characters, FAQ items and site settings', async () => {
    const characters = await request('GET', '/characters')
    expect(characters.status, characters.text).toBe(200)
    expect(characters.body.totalDocs).toBe(5)
    expect(characters.body.docs.map((c: { slug: string }) => c.slug)).toEqual([
      'dune',
      'phoebe',
      'chirpy',
      'fern',
      'crystal',
    ])

    const faq = await request('GET', '/faq-items?limit=100')
    expect(faq.status, faq.text).toBe(200)
    expect(faq.body.totalDocs).toBeGreaterThan(0)
    expect(faq.body.docs[0]).toHaveProperty('question')

    const settings = await request('GET', '/globals/site-settings')
    expect(settings.status, settings.text).toBe(200)
    expect(settings.body.tagline).toBe('Where the Future is Human')

    const seo = await request('GET', '/page-seo?limit=100')
    expect(seo.status, seo.text).toBe(200)
    expect(seo.body.totalDocs).toBe(PUBLIC_ROUTES.length)
    expect(seo.body.docs.every((d: { _status: string }) => d._status === 'published')).toBe(true)
  })
})

describe('full admin', () => {
  it('reads the waitlist row created through POST /api/waitlist', async () => {
    const res = await request(
      'GET',
      `/waitlist-entries?where[email][equals]=${encodeURIComponent(signup.email)}`,
      { token: tokens.full },
    )
    expect(res.status, res.text).toBe(200)
    expect(res.body.totalDocs).toBe(1)
    expect(res.body.docs[0]).toMatchObject({
      id: signup.id,
      email: signup.email,
      name: 'A',
      product: 'records',
      status: 'inactive',
    })
  })

  it.each(PERSONAL)('reads /api/%s', async (slug) => {
    const res = await request('GET', `/${slug}/${fixtures[slug]}`, { token: tokens.full })
    expect(res.status, res.text).toBe(200)
    expect(res.body.id).toBe(fixtures[slug])
  })

  it("PATCHes a waitlist entry's status", async () => {
    const res = await request('PATCH', `/waitlist-entries/${signup.id}`, {
      token: tokens.full,
      body: { status: 'active' },
    })
    expect(res.status, res.text).toBe(200)
    expect(res.body.doc.status).toBe('active')
    const stored = await readDoc('waitlist-entries', signup.id)
    expect(stored).toMatchObject({ status: 'active', email: signup.email })
  })

  it('creates, updates and deletes content, and updates site settings', async () => {
    const slug = `probe-${Date.now().toString(36)}`
    const created = await request('POST', '/characters', {
      token: tokens.full,
      body: {
        slug,
        name: 'Probe',
        location: 'Lab',
        description: 'Created by a test.',
        wisdom: 'Tests first.',
        order: 99,
      },
    })
    expect(created.status, created.text).toBe(201)
    const id = created.body.doc.id as Id

    const updated = await request('PATCH', `/characters/${id}`, {
      token: tokens.full,
      body: { location: 'Updated lab' },
    })
    expect(updated.status, updated.text).toBe(200)
    expect(await readDoc('characters', id)).toMatchObject({ slug, location: 'Updated lab' })

    const deleted = await request('DELETE', `/characters/${id}`, { token: tokens.full })
    expect(deleted.status, deleted.text).toBe(200)
    expect(await readDoc('characters', id)).toBeNull()

    const before = await app.payload.findGlobal({ slug: 'site-settings', depth: 0 })
    try {
      const settings = await request('POST', '/globals/site-settings', {
        token: tokens.full,
        body: { shopDescription: 'Changed by the full admin' },
      })
      expect(settings.status, settings.text).toBe(200)
      const after = await app.payload.findGlobal({ slug: 'site-settings', depth: 0 })
      expect(after.shopDescription).toBe('Changed by the full admin')
      expect(after.tagline).toBe(before.tagline)
    } finally {
      await app.payload.updateGlobal({
        slug: 'site-settings',
        data: { shopDescription: before.shopDescription },
        context: { disableRevalidate: true },
      })
    }
  })
})

describe('demo user', () => {
  it('reads personal data masked, and cannot look an address up', async () => {
    const one = await request('GET', `/waitlist-entries/${signup.id}`, { token: tokens.demo })
    expect(one.status, one.text).toBe(200)
    expect(one.body.id).toBe(signup.id)
    expect(one.body.email).toBe(`${signup.email[0]}•••@example.com`)
    expect(one.text).not.toContain(signup.email)
    const lookup = await request(
      'GET',
      `/waitlist-entries?where[email][equals]=${encodeURIComponent(signup.email)}`,
      { token: tokens.demo },
    )
    expect(lookup.status, lookup.text).toBe(403)
    expect(lookup.text).not.toContain(signup.email)
  })

  it.each(PERSONAL)('GET /api/%s answers 200 with the documents', async (slug) => {
    const res = await request('GET', `/${slug}`, { token: tokens.demo })
    expect(res.status, res.text).toBe(200)
    expect(res.body.totalDocs).toBeGreaterThan(0)
    expect(res.body.docs.map((d: { id: Id }) => d.id)).toContain(fixtures[slug])
  })

  it.each(['waitlist-entries', 'contact-messages'] as const)(
    'POST, PATCH and DELETE on /api/%s answer 403 and change nothing',
    async (slug) => {
      const token = tokens.demo
      const message = DEMO_WRITE_MESSAGE
      await expectRefusedWrite(slug, 'POST', { token, message, body: newDoc(slug) })
      await expectRefusedWrite(slug, 'PATCH', {
        token,
        message,
        id: fixtures[slug],
        body: PATCHES[slug],
      })
      await expectRefusedWrite(slug, 'DELETE', { token, message, id: fixtures[slug] })
    },
  )

  it('POST, PATCH and DELETE on /api/characters answer 403 and change nothing', async () => {
    const token = tokens.demo
    const message = DEMO_WRITE_MESSAGE
    const dune = await firstCharacter()
    await expectRefusedWrite('characters', 'POST', {
      token,
      message,
      body: {
        slug: 'demo-probe',
        name: 'Probe',
        location: 'Lab',
        description: 'Created by a demo user.',
        wisdom: 'None.',
      },
    })
    await expectRefusedWrite('characters', 'PATCH', {
      token,
      message,
      id: dune.id,
      body: { description: 'Changed by a demo user' },
    })
    await expectRefusedWrite('characters', 'DELETE', { token, message, id: dune.id })
  })

  it('PATCH and DELETE on /api/page-seo answer 403 and change nothing', async () => {
    const token = tokens.demo
    const message = DEMO_WRITE_MESSAGE
    const seo = await faqSeo()
    const body = { meta: { title: 'Changed by a demo user' }, _status: 'published' }
    await expectRefusedWrite('page-seo', 'PATCH', { token, message, id: seo.id, body })
    await expectRefusedWrite('page-seo', 'DELETE', { token, message, id: seo.id })
  })

  it('POST, PATCH and DELETE on /api/users answer 403 and change nothing', async () => {
    const token = tokens.demo
    const message = DEMO_WRITE_MESSAGE
    await expectRefusedWrite('users', 'POST', {
      token,
      message,
      body: { username: `demo-made-${Date.now()}`, password: 'a-long-enough-password' },
    })
    await expectRefusedWrite('users', 'PATCH', {
      token,
      message,
      id: users.editor,
      body: { accessLevel: 'full' },
    })
    await expectRefusedWrite('users', 'DELETE', { token, message, id: users.full })
  })

  it('POST /api/globals/site-settings answers 403 and changes nothing', async () => {
    const before = await app.payload.findGlobal({ slug: 'site-settings', depth: 0 })
    const res = await request('POST', '/globals/site-settings', {
      token: tokens.demo,
      body: { tagline: 'Changed by a demo user' },
    })
    expect(res.status, res.text).toBe(403)
    expect(res.body.errors[0].message).toBe(FORBIDDEN)
    expect(await app.payload.findGlobal({ slug: 'site-settings', depth: 0 })).toEqual(before)
  })

  it('cannot promote itself to full access', async () => {
    await expectRefusedWrite('users', 'PATCH', {
      token: tokens.demo,
      message: DEMO_WRITE_MESSAGE,
      id: users.demo,
      body: { accessLevel: 'full' },
    })
    const stored = await readDoc('users', users.demo)
    expect(stored?.accessLevel).toBe('demo')
    const me = await request('GET', '/users/me', { token: tokens.demo })
    expect(me.status).toBe(200)
    expect(me.body.user.accessLevel).toBe('demo')
  })
})

describe('editor', () => {
  it("publishes a page's search and share texts", async () => {
    const seo = await faqSeo()
    try {
      const res = await request('PATCH', `/page-seo/${seo.id}`, {
        token: tokens.editor,
        body: { meta: { title: 'Edited by the editor' }, _status: 'published' },
      })
      expect(res.status, res.text).toBe(200)
      expect((await readDoc('page-seo', seo.id))?.meta?.title).toBe('Edited by the editor')
    } finally {
      await app.payload.update({
        collection: 'page-seo',
        id: seo.id,
        data: { meta: seo.meta },
        context: { disableRevalidate: true },
      })
    }
  })

  it('PATCHes a character', async () => {
    const dune = await firstCharacter()
    const original = dune.wisdom
    try {
      const res = await request('PATCH', `/characters/${dune.id}`, {
        token: tokens.editor,
        body: { wisdom: 'Edited by the editor.' },
      })
      expect(res.status, res.text).toBe(200)
      expect(await readDoc('characters', dune.id)).toMatchObject({
        wisdom: 'Edited by the editor.',
      })
    } finally {
      await app.payload.update({
        collection: 'characters',
        id: dune.id,
        data: { wisdom: original },
        context: { disableRevalidate: true },
      })
    }
  })

  it.each(['waitlist-entries', 'contact-messages', 'newsletter-subscribers'] as const)(
    'cannot read /api/%s',
    async (slug) => {
      const list = await request('GET', `/${slug}`, { token: tokens.editor })
      expect(list.status, list.text).toBe(403)
      expect(list.body.docs).toBeUndefined()
      const one = await request('GET', `/${slug}/${fixtures[slug]}`, { token: tokens.editor })
      expect(one.status, one.text).toBe(403)
      expect(one.text).not.toContain('@example.com')
    },
  )

  it.each(['waitlist-entries', 'contact-messages', 'newsletter-subscribers'] as const)(
    'cannot write /api/%s',
    async (slug) => {
      const token = tokens.editor
      await expectRefusedWrite(slug, 'POST', { token, body: newDoc(slug) })
      await expectRefusedWrite(slug, 'PATCH', { token, id: fixtures[slug], body: PATCHES[slug] })
      await expectRefusedWrite(slug, 'DELETE', { token, id: fixtures[slug] })
    },
  )

  it('sees only its own user record and cannot promote itself', async () => {
    const list = await request('GET', '/users', { token: tokens.editor })
    expect(list.status, list.text).toBe(200)
    expect(list.body.docs.map((u: { id: Id }) => u.id)).toEqual([users.editor])
    await expectRefusedWrite('users', 'PATCH', {
      token: tokens.editor,
      id: users.editor,
      body: { accessLevel: 'full' },
    })
    expect((await readDoc('users', users.editor))?.accessLevel).toBe('editor')
  })
})
