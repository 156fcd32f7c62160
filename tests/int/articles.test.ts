import { RichText } from '@payloadcms/richtext-lexical/react'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { safeLinks } from '@/components/site/insights/safe-links'
import { getArticle, getArticles, getFeaturedArticle } from '@/services/content/pages'
import { runScheduledPublishing } from '@/lib/content/schedule'
import { slugify } from '@/lib/content/slug'
import { seed } from '@/seed'

import { startApp, type TestApp } from '../helpers/app'
import { linkParagraph, paragraph } from '../helpers/rich-text'

let app: TestApp
const tokens: Record<'full' | 'demo' | 'editor', string> = { full: '', demo: '', editor: '' }
const context = { disableRevalidate: true }

const article = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  excerpt: `About ${title}.`,
  author: 'Test Author',
  content: paragraph(`Body of ${title}.`),
  ...extra,
})

beforeAll(async () => {
  app = await startApp()
  await seed(app.payload)
  for (const level of ['full', 'demo', 'editor'] as const)
    tokens[level] = await app.createUser(`articles-${level}`, level)
}, 120_000)

afterAll(async () => {
  await app?.close()
})

describe('slugs', () => {
  it('are generated from the title, normalised when typed, and unique', async () => {
    expect(slugify('Big Ears, Open Hearts! Ça va?')).toBe('big-ears-open-hearts-ca-va')
    const created = await app.request('POST', '/articles', {
      token: tokens.editor,
      body: article('Dune’s First Night', { _status: 'published' }),
    })
    expect(created.status, created.text).toBe(201)
    expect(created.body.doc.slug).toBe('dunes-first-night')

    const typed = await app.request('POST', '/articles', {
      token: tokens.editor,
      body: article('Another', { slug: 'My Own Slug', _status: 'published' }),
    })
    expect(typed.body.doc.slug).toBe('my-own-slug')

    const duplicate = await app.request('POST', '/articles', {
      token: tokens.editor,
      body: article('Dune’s First Night', { _status: 'published' }),
    })
    expect(duplicate.status).toBe(400)
    expect(duplicate.text).toMatch(/slug/i)
  })
})

describe('links in the body', () => {
  const UNSAFE = [
    'javascript:alert(document.cookie)',
    'JavaScript:alert(1)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/login',
    '/.//evil.example/login',
    'file:///etc/passwd',
  ]
  const SAFE = [
    'https://example.com/a?b=1',
    'http://example.com',
    'mailto:hello@example.com',
    'tel:+15551234567',
    '/insights/night-sky',
    '#section',
  ]

  it('refuses a link that leads to a script, data or another scheme (400 naming the field), and keeps allowed ones', async () => {
    for (const type of ['link', 'autolink'] as const)
      for (const url of UNSAFE) {
        const res = await app.request('POST', '/articles', {
          token: tokens.editor,
          body: article(`Unsafe ${type} ${Math.random()}`, { content: linkParagraph(url, type) }),
        })
        expect(res.status, `${type} ${url}: ${res.text}`).toBe(400)
        expect(res.body.errors[0].data.errors[0].path).toBe('content')
        expect(res.body.errors[0].data.errors[0].message).toMatch(
          /^Links must be a page of this site/,
        )
      }
    for (const url of SAFE) {
      const res = await app.request('POST', '/articles', {
        token: tokens.editor,
        body: article(`Safe ${Math.random()}`, { content: linkParagraph(url) }),
      })
      expect(res.status, `${url}: ${res.text}`).toBe(201)
    }
    // An update through the same door is checked too.
    const created = await app.request('POST', '/articles', {
      token: tokens.editor,
      body: article(`Edited ${Math.random()}`),
    })
    const edited = await app.request('PATCH', `/articles/${created.body.doc.id}`, {
      token: tokens.editor,
      body: { content: linkParagraph('data:text/html,<b>x</b>') },
    })
    expect(edited.status, edited.text).toBe(400)
  })

  it('renders a stored link that leads nowhere allowed as its text, never as an href', () => {
    const render = (url: string) =>
      renderToStaticMarkup(
        createElement(RichText, {
          data: linkParagraph(url) as never,
          converters: safeLinks,
          disableContainer: true,
        }),
      )
    for (const url of UNSAFE) {
      const html = render(url)
      expect(html, url).not.toContain('<a')
      expect(html, url).toContain('this')
    }
    expect(render('https://example.com/a')).toContain('href="https://example.com/a"')
    expect(render('/insights/./x/../night-sky')).toContain('href="/insights/night-sky"')
  })
})

describe('drafts', () => {
  it('are read by editors, never by visitors or the page data functions', async () => {
    const draft = await app.request('POST', '/articles?draft=true', {
      token: tokens.editor,
      body: article('A Draft Nobody Sees'),
    })
    expect(draft.status, draft.text).toBe(201)
    const { id, slug } = draft.body.doc
    expect(draft.body.doc._status).toBe('draft')

    expect((await app.request('GET', `/articles/${id}`)).status).toBe(404)
    const list = await app.request('GET', '/articles?limit=100')
    expect(list.body.docs.map((d: { id: number }) => d.id)).not.toContain(id)
    expect((await app.request('GET', `/articles/${id}`, { token: tokens.demo })).status).toBe(200)
    expect((await app.request('GET', `/articles/${id}`, { token: tokens.editor })).status).toBe(200)

    expect(await getArticle(slug)).toBeNull()
    const page = await getArticles(1)
    expect(page.docs.map((d) => d.id)).not.toContain(id)
    expect((await getFeaturedArticle())?.slug).toBe('stories-behind-the-stories')
  })

  it('a draft change to a published article leaves the published text live', async () => {
    const { id } = await app.payload.create({
      collection: 'articles',
      data: article('Live Text', { _status: 'published' }) as never,
      context,
    })
    await app.request('PATCH', `/articles/${id}?draft=true`, {
      token: tokens.editor,
      body: { excerpt: 'A draft excerpt.' },
    })
    const live = await app.request('GET', `/articles/${id}`)
    expect(live.body.excerpt).toBe('About Live Text.')
    const drafted = await app.request('GET', `/articles/${id}?draft=true`, { token: tokens.editor })
    expect(drafted.body.excerpt).toBe('A draft excerpt.')
  })
})

describe('versions', () => {
  it('restores an earlier version', async () => {
    const { id } = await app.payload.create({
      collection: 'articles',
      data: article('Versioned', { _status: 'published' }) as never,
      context,
    })
    await app.payload.update({
      collection: 'articles',
      id,
      data: { excerpt: 'Second excerpt.', _status: 'published' },
      context,
    })
    const versions = await app.payload.findVersions({
      collection: 'articles',
      where: { parent: { equals: id } },
      sort: 'createdAt',
    })
    expect(versions.docs.length).toBe(2)
    const first = versions.docs[0]!
    const restored = await app.request('POST', `/articles/versions/${first.id}`, {
      token: tokens.editor,
    })
    expect(restored.status, restored.text).toBe(200)
    const now = await app.payload.findByID({ collection: 'articles', id, depth: 0 })
    expect(now.excerpt).toBe('About Versioned.')
  })
})

describe('scheduled publishing', () => {
  it('publishes a draft when its job comes due on the jobs queue', async () => {
    const { id } = await app.payload.create({
      collection: 'articles',
      data: article('Scheduled') as never,
      draft: true,
      context,
    })
    await app.payload.jobs.queue({
      task: 'schedulePublish',
      input: { type: 'publish', doc: { relationTo: 'articles', value: id } },
      waitUntil: new Date(Date.now() - 1000),
    })
    await runScheduledPublishing(app.payload)
    const doc = await app.payload.findByID({ collection: 'articles', id, depth: 0 })
    expect(doc._status).toBe('published')
    expect(await getArticle(doc.slug)).not.toBeNull()
  })
})

describe('redirects', () => {
  it('a renamed published article leaves a 308 from its old path', async () => {
    const { id } = await app.payload.create({
      collection: 'articles',
      data: article('Old Name', { _status: 'published' }) as never,
      context,
    })
    await app.payload.update({
      collection: 'articles',
      id,
      data: { slug: 'new-name', _status: 'published' },
      context,
    })
    const { docs } = await app.payload.find({
      collection: 'redirects',
      where: { from: { equals: '/insights/old-name' } },
      depth: 1,
    })
    expect(docs).toHaveLength(1)
    expect(docs[0]!.type).toBe('308')
    const target = docs[0]!.to?.reference?.value
    expect(typeof target === 'object' && target?.slug).toBe('new-name')
  })
})

describe('images', () => {
  const upload = async (mimetype: string, name: string, data: Buffer) =>
    app.payload.create({
      collection: 'media',
      data: { alt: `A test ${name}` },
      file: { data, mimetype, name, size: data.length },
    })
  const picture = (format: 'png' | 'jpeg') =>
    sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#ffaa33' } })
      [format]()
      .toBuffer()

  it.each([
    ['image/png', 'cover.png', 'png'],
    ['image/jpeg', 'cover.jpg', 'jpeg'],
  ] as const)('%s: WebP sizes at their widths', async (mimetype, name, format) => {
    const media = await upload(mimetype, name, await picture(format))
    expect(media).toMatchObject({ width: 2000, height: 1500 })
    expect(media.sizes?.thumbnail).toMatchObject({
      width: 320,
      height: 320,
      mimeType: 'image/webp',
    })
    expect(media.sizes?.card).toMatchObject({ width: 768, height: 576, mimeType: 'image/webp' })
    expect(media.sizes?.fullWidth).toMatchObject({ width: 1600, height: 1200 })
    expect(media.sizes?.share).toMatchObject({ width: 1200, height: 630, mimeType: 'image/webp' })
  })

  it('requires alt text', async () => {
    const data = await picture('png')
    await expect(
      app.payload.create({
        collection: 'media',
        data: {} as { alt: string },
        file: { data, mimetype: 'image/png', name: 'no-alt.png', size: data.length },
      }),
    ).rejects.toThrow(/alt/i)
  })
})

describe('access', () => {
  it('editors and full admins write articles; demo users and visitors cannot', async () => {
    for (const level of ['editor', 'full'] as const) {
      const res = await app.request('POST', '/articles', {
        token: tokens[level],
        body: article(`By ${level}`, { _status: 'published' }),
      })
      expect(res.status, res.text).toBe(201)
    }
    const demo = await app.request('POST', '/articles', {
      token: tokens.demo,
      body: article('By demo'),
    })
    expect(demo.status).toBeGreaterThanOrEqual(400)
    const visitor = await app.request('POST', '/articles', { body: article('By visitor') })
    expect(visitor.status).toBe(403)
    expect((await app.request('GET', '/articles/versions', {})).status).toBe(403)
  })
})
