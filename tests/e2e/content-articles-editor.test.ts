import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'

import { pollPage } from '../../scripts/lib/poll'
import { paragraph } from './content-helpers'
import { signInByApi } from './helpers/admin'
import { DESKTOP, MOBILE, launchBrowser, openPage, screenshot } from './helpers/browser'
import { restAs } from './helpers/rest'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

// The pages have no timed revalidation, so only the refresh a publish asks for can bring the change:
// how soon it comes on a busy machine is not the point (pollPage reads for up to 30 s).
test('an editor drafts, publishes and renames an article; the site follows', async () => {
  const base = inject('baseURL')
  const { api } = await restAs(base)
  const stamp = Date.now().toString(36)
  const title = `A Night Under the Desert Stars ${stamp}`
  const { doc } = await api<{ doc: { id: number; slug: string; _status: string } }>(
    'POST',
    '/articles?draft=true',
    {
      title,
      excerpt: 'What Dune hears when the sand goes quiet.',
      author: 'Test Editor',
      content: paragraph('The desert sings at night.'),
      topics: ['Stars'],
    },
  )
  const slug = `a-night-under-the-desert-stars-${stamp}`
  try {
    // The slug comes from the title; a draft is on none of the public pages.
    expect(doc.slug).toBe(slug)
    expect(doc._status).toBe('draft')
    expect(await (await fetch(`${base}/insights`)).text()).not.toContain(title)
    expect((await fetch(`${base}/insights/${slug}`)).status).toBe(404)
    expect(await (await fetch(`${base}/sitemap.xml`)).text()).not.toContain(slug)
    expect(await (await fetch(`${base}/insights/feed.xml`)).text()).not.toContain(slug)
    // Visitors' REST reads see no draft either.
    const anonymous = await (await fetch(`${base}/api/articles/${doc.id}`)).status
    expect(anonymous).toBe(404)

    // The editor screen, at desktop and phone width.
    const { page, context } = await openPage(browser, { viewport: DESKTOP })
    await signInByApi(page, 'editor')
    await page.goto(`/admin/collections/articles/${doc.id}`)
    await page.locator('[contenteditable="true"]').first().waitFor({ timeout: 30_000 })
    await screenshot(page, 'articles-editor-desktop')
    await page.setViewportSize(MOBILE)
    await screenshot(page, 'articles-editor-mobile')
    await context.close()

    await api('PATCH', `/articles/${doc.id}`, { _status: 'published' })
    expect((await pollPage(`${base}/insights`, title)).body).toContain(title)
    expect((await pollPage(`${base}/insights/${slug}`, title)).body).toContain(title)
    expect(await (await fetch(`${base}/sitemap.xml`)).text()).toContain(`/insights/${slug}`)
    expect(await (await fetch(`${base}/insights/feed.xml`)).text()).toContain(title)

    // A new slug: the old address answers 308 to the new one.
    const renamed = `${slug}-renamed`
    await api('PATCH', `/articles/${doc.id}`, { slug: renamed, _status: 'published' })
    expect((await pollPage(`${base}/insights/${renamed}`, title)).body).toContain(title)
    const old = await fetch(`${base}/insights/${slug}`, { redirect: 'manual' })
    expect(old.status).toBe(308)
    // Next.js may repeat the header on a freshly rendered redirect; every value is the new page.
    const locations = (old.headers.get('location') ?? '').split(/,\s*/)
    for (const location of locations)
      expect(new URL(location, base).pathname).toBe(`/insights/${renamed}`)
    const { page: visitor, context: visitorContext } = await openPage(browser)
    await visitor.goto(`/insights/${slug}`)
    expect(new URL(visitor.url()).pathname).toBe(`/insights/${renamed}`)
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe(title)
    await visitorContext.close()
  } finally {
    await api('DELETE', `/articles/${doc.id}`)
    await api('DELETE', `/redirects?where[from][like]=${encodeURIComponent(slug)}`)
  }
})
