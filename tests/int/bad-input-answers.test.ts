/**
 * Input no route can use is answered 400 or 404, never 500: ids that are not ids, pages below one,
 * a NUL character anywhere, files that do not exist, doors the product does not have, and paths that
 * cannot go into a Location header as they are.
 */
import { NextRequest } from 'next/server'
import type { FlattenedField } from 'payload'
import { validOperators } from 'payload/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { exitPreview } from '@/app/(frontend)/preview/open-preview'
import { listPageNumber, MAX_PAGE } from '@/lib/routes'
import { proxy } from '@/proxy'
import { getArticles } from '@/services/content/pages'

import { startApp, type TestApp } from '../helpers/app'
import { paragraph } from '../helpers/rich-text'

let app: TestApp
let full: string
let editor: string
beforeAll(async () => {
  app = await startApp()
  full = await app.createUser('bad-input-full', 'full')
  editor = await app.createUser('bad-input-editor', 'editor')
})
afterAll(async () => app?.close())

describe('bad input from anyone', () => {
  it('answers 404 for a document id that cannot exist and 400 for a query that cannot be run', async () => {
    const answers: Record<string, number> = {}
    for (const path of [
      '/articles/abc',
      '/articles/1.5',
      '/waitlist-entries/abc',
      '/media/file/no-such-file.png',
    ])
      answers[path] = (await app.request('GET', path)).status
    for (const path of [
      '/articles?page=-5',
      '/articles?where[id][in]=1,abc',
      '/articles?where[id][equals]=1.5',
      '/articles?where[slug][equals]=%00',
      '/faq-items?where[question][like]=a%00b',
    ])
      answers[path] = (await app.request('GET', path)).status
    answers['POST /users/verify/abc'] = (await app.request('POST', '/users/verify/abc')).status
    expect(answers).toEqual({
      '/articles/abc': 404,
      '/articles/1.5': 404,
      '/waitlist-entries/abc': 403,
      '/media/file/no-such-file.png': 404,
      '/articles?page=-5': 400,
      '/articles?where[id][in]=1,abc': 400,
      '/articles?where[id][equals]=1.5': 400,
      '/articles?where[slug][equals]=%00': 400,
      '/faq-items?where[question][like]=a%00b': 400,
      'POST /users/verify/abc': 404,
    })
    const page = await app.request('GET', '/articles?page=-5')
    expect(page.body.errors[0].message).toBeTruthy()
    expect((await app.request('GET', '/health')).status).toBe(200)
  })

  it('answers 400 for a NUL character in a sign-in, naming the field', async () => {
    const body = { username: 'admin\u0000', password: 'whatever-password' }
    const admin = await app.request('POST', '/admin/login', { body })
    expect(admin.status, admin.text).toBe(400)
    expect(admin.body.errors).toEqual({ username: 'Must not contain control characters' })
    const payloadShape = await app.request('POST', '/users/login', { body })
    expect(payloadShape.status, payloadShape.text).toBe(400)
    expect(payloadShape.body.errors[0].message).toBe('Must not contain control characters')
  })

  it('refuses a page address holding a NUL character with 400 before any page reads it', () => {
    for (const url of [
      'http://localhost:3000/insights/%00',
      'http://localhost:3000/email/preferences?token=%00',
      'http://localhost:3000/api/articles?where[slug][equals]=%00',
    ]) {
      const res = proxy(new NextRequest(url))
      expect(res.status, url).toBe(400)
      expect(res.headers.get('content-security-policy')).toBeTruthy()
    }
    expect(proxy(new NextRequest('http://localhost:3000/insights/a-story')).status).toBe(200)
  })

  it('leaves preview for a path that cannot go into a header as it is, percent-encoded', () => {
    const draft = { isEnabled: true, enable: () => undefined, disable: () => undefined }
    const res = exitPreview(
      new Request('http://localhost:3000/preview/exit?path=/%E2%80%A8insights'),
      draft as never,
    )
    expect(res.status).toBe(307)
    expect(res.headers.get('location')).toBe('/%E2%80%A8insights')
  })

  it("serves uploaded files with a policy under which an SVG runs no script, not the pages' policy", () => {
    const res = proxy(new NextRequest('http://localhost:3000/api/media/file/logo.svg'))
    const policy = res.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("script-src 'none'")
    expect(policy).not.toMatch(/nonce-/)
  })
})

/** The field path a ValidationError names first, and its message. */
const fieldError = (body: {
  errors?: { data?: { errors?: { path: string; message: string }[] } }[]
}) => body?.errors?.[0]?.data?.errors?.[0]

/** One field of each kind (type, many values, polymorphic) anywhere in the configuration. */
const fieldKinds = (app: TestApp) => {
  const kinds = new Map<string, { slug: string; path: string }>()
  for (const collection of app.payload.config.collections)
    for (const field of collection.flattenedFields as FlattenedField[]) {
      const many = 'hasMany' in field && field.hasMany ? '[]' : ''
      const polymorphic = 'relationTo' in field && Array.isArray(field.relationTo) ? '*' : ''
      const kind = `${field.type}${many}${polymorphic}`
      if (!kinds.has(kind)) kinds.set(kind, { slug: collection.slug, path: field.name })
    }
  return kinds
}

describe('queries the database cannot run', () => {
  it('answers 400 naming the condition, never 500, for every operator on every kind of field, through a relationship and inside JSON', async () => {
    const kinds = fieldKinds(app)
    for (const kind of [
      'text',
      'number',
      'date',
      'select',
      'checkbox',
      'relationship',
      'upload',
      'json',
      'richText',
      'relationship*',
    ])
      expect([...kinds.keys()]).toContain(kind)
    const probes = [
      ...kinds.values(),
      { slug: 'articles', path: 'coverImage.filename' },
      { slug: 'articles', path: 'coverImage.width' },
      { slug: 'waitlist-entries', path: 'interests.0' },
      { slug: 'payload-locked-documents', path: 'document.relationTo' },
      { slug: 'payload-locked-documents', path: 'document.value' },
      { slug: 'articles', path: 'id' },
    ]
    const serverErrors: string[] = []
    const answers = new Set<number>()
    for (const { slug, path } of probes)
      for (const operator of validOperators)
        for (const value of ['1', '1,2', 'x']) {
          const route = `/${slug}?where[${path}][${operator}]=${value}&limit=1`
          const res = await app.request('GET', route, { token: full })
          answers.add(res.status)
          if (res.status >= 500) serverErrors.push(`${route}: ${res.text.slice(0, 120)}`)
          if (res.status === 400 && res.body.errors[0].name === 'ValidationError')
            expect(fieldError(res.body)?.path, route).toBe(`where.${path}.${operator}`)
        }
    expect(serverErrors).toEqual([])
    expect([...answers].sort()).toEqual([200, 400])
  }, 120_000)

  it('names the field and says why, for the queries first found answering 500', async () => {
    const cases: [string, string, RegExp][] = [
      ['/articles?where=abc', 'where', /object of conditions/],
      ['/articles/count?where=abc', 'where', /object of conditions/],
      ['/articles?where=5', 'where', /object of conditions/],
      ['/articles?where=%5B1%5D', 'where', /object of conditions/],
      ['/articles?where[id][near]=1,2', 'where.id.near', /only to point/],
      ['/articles?where[title][within]=x', 'where.title.within', /only to point/],
      ['/articles?where[title][intersects]=x', 'where.title.intersects', /only to point/],
      [
        '/articles?where[coverImage.filename][near]=1,2',
        'where.coverImage.filename.near',
        /only to point/,
      ],
      [
        '/articles?where[publishedAt][like]=2026',
        'where.publishedAt.like',
        /cannot compare a date field/,
      ],
      ['/articles?where[title][all]=a', 'where.title.all', /not supported/],
      ['/articles?where[OR][0][title][near]=1,2', 'where.OR.0.title.near', /only to point/],
      ['/articles?where[and][0]=x', 'where.and.0', /object of conditions/],
    ]
    for (const [route, path, message] of cases) {
      const res = await app.request('GET', route)
      expect(res.status, `${route}: ${res.text}`).toBe(400)
      expect(fieldError(res.body)?.path, route).toBe(path)
      expect(fieldError(res.body)?.message, route).toMatch(message)
    }
    // Updates and deletes of many documents take the same where.
    for (const method of ['PATCH', 'DELETE']) {
      const res = await app.request(method, '/articles?where[title][near]=1,2', {
        token: editor,
        body: method === 'PATCH' ? { excerpt: 'x' } : undefined,
      })
      expect(res.status, `${method}: ${res.text}`).toBe(400)
      expect(fieldError(res.body)?.path).toBe('where.title.near')
    }
    // What the database can run is still answered.
    for (const route of [
      '/articles?where[title][like]=night&where[OR][0][slug][exists]=true',
      '/articles?where[coverImage.filename][like]=seed',
      '/articles?where=%7B%22title%22%3A%7B%22equals%22%3A%22x%22%7D%7D',
      '/articles?where[id][like]=1',
    ])
      expect((await app.request('GET', route)).status, route).toBe(200)
    // Payload's own queries pass the check: the admin's lists read lock states by a list of ids.
    const locks = await app.payload.find({
      collection: 'payload-locked-documents',
      where: {
        and: [
          { 'document.relationTo': { equals: 'articles' } },
          { 'document.value': { in: [1, 2] } },
        ],
      },
    })
    expect(locks.docs).toEqual([])
    const article = await app.payload.create({
      collection: 'articles',
      data: { title: 'Locked?', excerpt: 'x', author: 'x', content: paragraph('x') } as never,
      context: { disableRevalidate: true },
    })
    const user = (
      await app.payload.find({
        collection: 'users',
        where: { username: { equals: 'bad-input-editor' } },
      })
    ).docs[0]!
    await app.payload.create({
      collection: 'payload-locked-documents',
      data: {
        document: { relationTo: 'articles', value: article.id },
        user: { relationTo: 'users', value: user.id },
      },
    })
    const listed = await app.payload.find({
      collection: 'articles',
      where: { id: { equals: article.id } },
      includeLockStatus: true,
      draft: true,
      overrideAccess: false,
      user,
    })
    expect(listed.docs.map((doc) => (doc as { _isLocked?: boolean })._isLocked)).toEqual([true])
  })

  it("answers 400 naming the url for an editor's upload by address: the server fetches nothing an editor names", async () => {
    const res = await app.request('POST', '/media', {
      token: editor,
      body: { url: 'http://127.0.0.1:9/a.png', filename: 'a.png', alt: 'An image' },
    })
    expect(res.status, res.text).toBe(400)
    expect(fieldError(res.body)).toEqual({
      path: 'url',
      message: 'Upload the image file itself: images are not fetched from an address',
    })
  })

  it('an insights page number beyond any list is no page (404), and the largest one is a query the database runs', async () => {
    expect(listPageNumber('99999999999999999999')).toBeNull()
    expect(listPageNumber(String(MAX_PAGE + 1))).toBeNull()
    for (const bad of ['1', '0', '01', '2.5', '1e3', '-2', ''])
      expect(listPageNumber(bad), bad).toBeNull()
    expect(listPageNumber('2')).toBe(2)
    expect(listPageNumber(String(MAX_PAGE))).toBe(MAX_PAGE)
    const last = await getArticles(MAX_PAGE)
    expect(last.docs).toEqual([])
  })
})
