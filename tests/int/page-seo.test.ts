import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { routeMetadata } from '@/components/site/content/page-metadata'
import { PAGE_TEXTS } from '@/lib/page-texts'
import {
  REVALIDATE_MAX_AGE_MS,
  REVALIDATE_SIGNATURE_HEADER,
  signRevalidation,
} from '@/lib/revalidate-request'
import { PUBLIC_ROUTES } from '@/lib/routes'
import { seed } from '@/seed'

import { startApp, type TestApp } from '../helpers/app'

let app: TestApp
const tokens: Record<'full' | 'demo' | 'editor', string> = { full: '', demo: '', editor: '' }
const context = { disableRevalidate: true }

const entryOf = async (path: string) => {
  const { docs } = await app.payload.find({
    collection: 'page-seo',
    where: { path: { equals: path } },
    depth: 0,
  })
  return docs
}

const faqId = async () => (await entryOf('/faq'))[0]!.id

/** Back to the seeded texts, so each test starts from the same entry. */
const resetFaq = async () =>
  app.payload.update({
    collection: 'page-seo',
    id: await faqId(),
    data: { meta: { ...PAGE_TEXTS['/faq'], image: null }, _status: 'published' },
    context,
  })

beforeAll(async () => {
  app = await startApp()
  await seed(app.payload)
  for (const level of ['full', 'demo', 'editor'] as const)
    tokens[level] = await app.createUser(`page-seo-${level}`, level)
}, 120_000)

afterAll(async () => {
  await app?.close()
})

describe('seeded entries', () => {
  it('every public route has one published entry with its texts of today, and a second seed adds none', async () => {
    await seed(app.payload)
    for (const path of PUBLIC_ROUTES) {
      const docs = await entryOf(path)
      expect(docs, path).toHaveLength(1)
      expect(docs[0]!._status, path).toBe('published')
      expect(docs[0]!.meta?.description, path).toBe(PAGE_TEXTS[path].description)
      expect(docs[0]!.meta?.title ?? undefined, path).toBe(PAGE_TEXTS[path].title)
    }
    const { totalDocs } = await app.payload.count({ collection: 'page-seo' })
    expect(totalDocs).toBe(PUBLIC_ROUTES.length)
  })

  it('refuses an entry for a path that is not a fixed page, and a second entry for one', async () => {
    const unknown = await app.request('POST', '/page-seo', {
      token: tokens.full,
      body: { path: '/no-such-page', _status: 'published' },
    })
    expect(unknown.status, unknown.text).toBe(400)
    expect(unknown.text).toContain('path')
    const twice = await app.request('POST', '/page-seo', {
      token: tokens.full,
      body: { path: '/faq', _status: 'published' },
    })
    expect(twice.status, twice.text).toBe(400)
    expect(await entryOf('/faq')).toHaveLength(1)
  })
})

describe('page metadata', () => {
  it("shows an editor's published meta title and description in the title and share tags", async () => {
    await resetFaq()
    const res = await app.request('PATCH', `/page-seo/${await faqId()}`, {
      token: tokens.editor,
      body: {
        meta: { title: 'Questions, answered | Starfinity', description: 'All your answers.' },
        _status: 'published',
      },
    })
    expect(res.status, res.text).toBe(200)
    const metadata = await routeMetadata('/faq')
    expect(metadata.title).toBe('Questions, answered | Starfinity')
    expect(metadata.description).toBe('All your answers.')
    expect(metadata.openGraph?.title).toBe('Questions, answered | Starfinity')
    expect(metadata.openGraph?.description).toBe('All your answers.')
    expect(metadata.twitter?.title).toBe('Questions, answered | Starfinity')
    expect(metadata.alternates?.canonical).toBe('/faq')
  })

  it('falls back to the texts of today for empty fields', async () => {
    await app.payload.update({
      collection: 'page-seo',
      id: await faqId(),
      data: { meta: { title: '', description: '  ' }, _status: 'published' },
      context,
    })
    const metadata = await routeMetadata('/faq')
    expect(metadata.title).toBe(`${PAGE_TEXTS['/faq'].title} | Starfinity`)
    expect(metadata.description).toBe(PAGE_TEXTS['/faq'].description)
    const images = metadata.openGraph?.images as { url: string }[]
    expect(images[0]!.url).toBe('/api/share-image')
    // The home page has no title of its own: the site name and tagline.
    expect((await routeMetadata('/')).title).toBe('Starfinity — Where the Future is Human')
    await resetFaq()
  })

  it('shows a draft to no visitor, on the page or over REST', async () => {
    await resetFaq()
    const id = await faqId()
    const draft = await app.request('PATCH', `/page-seo/${id}?draft=true`, {
      token: tokens.editor,
      body: { meta: { title: 'Draft title', description: 'Draft description' } },
    })
    expect(draft.status, draft.text).toBe(200)
    const metadata = await routeMetadata('/faq')
    expect(metadata.title).toBe(`${PAGE_TEXTS['/faq'].title} | Starfinity`)

    for (const path of [`/page-seo/${id}?draft=true`, `/page-seo?draft=true&limit=100`]) {
      const res = await app.request('GET', path)
      expect(res.status, res.text).toBe(200)
      expect(res.text).not.toContain('Draft title')
    }
    const versions = await app.request('GET', `/page-seo/versions?limit=5`)
    expect(versions.status).toBe(403)
    // The team sees the draft.
    const editor = await app.request('GET', `/page-seo/${id}?draft=true`, { token: tokens.editor })
    expect(editor.body.meta.title).toBe('Draft title')
    await resetFaq()
  })

  it('demo users read the entries but get 403 on every write', async () => {
    const id = await faqId()
    const read = await app.request('GET', `/page-seo/${id}`, { token: tokens.demo })
    expect(read.status, read.text).toBe(200)
    const before = await app.payload.findByID({ collection: 'page-seo', id, depth: 0 })
    for (const [method, path] of [
      ['PATCH', `/page-seo/${id}`],
      ['DELETE', `/page-seo/${id}`],
      ['POST', '/page-seo'],
    ] as const) {
      const res = await app.request(method, path, {
        token: tokens.demo,
        body: method === 'DELETE' ? undefined : { meta: { title: 'Defaced' }, path: '/faq' },
      })
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(403)
    }
    const after = await app.payload.findByID({ collection: 'page-seo', id, depth: 0 })
    expect(after.meta).toEqual(before.meta)
    const anonymous = await app.request('PATCH', `/page-seo/${id}`, {
      body: { meta: { title: 'Defaced' } },
    })
    expect(anonymous.status).toBe(403)
  })
})

describe('POST /api/internal/revalidate', () => {
  const post = (body: unknown, signature?: string) =>
    app.request('POST', '/internal/revalidate', {
      body,
      headers: signature ? { [REVALIDATE_SIGNATURE_HEADER]: signature } : {},
    })
  const order = (timestamp = Date.now()) => ({
    paths: ['/insights', '/insights/a-new-article'],
    tags: [],
    layout: false,
    timestamp,
  })

  it('carries out an order signed with the site secret', async () => {
    const fresh = order()
    const res = await post(fresh, signRevalidation(fresh))
    expect(res.status, res.text).toBe(200)
    expect(res.body.paths).toEqual(fresh.paths)
  })

  it('refuses unsigned, wrongly signed, altered and stale orders with 401', async () => {
    const fresh = order()
    expect((await post(fresh)).status).toBe(401)
    expect((await post(fresh, 'not-a-signature')).status).toBe(401)
    const altered = { ...fresh, paths: ['/'] }
    expect((await post(altered, signRevalidation(fresh))).status).toBe(401)
    const stale = order(Date.now() - REVALIDATE_MAX_AGE_MS - 5_000)
    const res = await post(stale, signRevalidation(stale))
    expect(res.status, res.text).toBe(401)
    expect(res.body.message).toBeTruthy()
  })

  it('answers 400 naming the field for a malformed order', async () => {
    const bad = { ...order(), paths: ['https://elsewhere.example/'] }
    const res = await post(bad, signRevalidation(bad as never))
    expect(res.status, res.text).toBe(400)
    expect(Object.keys(res.body.errors ?? {}).join(' ')).toContain('paths')
  })
})
