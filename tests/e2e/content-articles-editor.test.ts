import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'

import { paragraph } from './content-helpers'
import { signIn } from './helpers/admin'
import { DESKTOP, MOBILE, launchBrowser, openPage, screenshot } from './helpers/browser'
import { E2E_USERS } from './helpers/users'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const apiLogin = async (base: string) => {
  const { username, password } = E2E_USERS.editor
  const response = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { token: string }).token
}

/**
 * Fetches the URL until its body contains (or no longer contains) the text. The pages have no
 * timed revalidation, so only the refresh a publish asks for can bring the change: how soon it
 * comes on a busy machine is not the point (polled for up to 30 s).
 */
const onceRefreshed = async (url: string, text: string, present = true) => {
  const started = Date.now()
  let body = ''
  do {
    if (body) await new Promise((resolve) => setTimeout(resolve, 100))
    body = await (await fetch(url)).text()
  } while (body.includes(text) !== present && Date.now() - started < 30_000)
  return body.includes(text)
}

test('an editor drafts, publishes and renames an article; the site follows', async () => {
  const base = inject('baseURL')
  const token = await apiLogin(base)
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    expect(response.status, `${method} ${path}`).toBeLessThan(300)
    return (await response.json()) as { doc: { id: number; slug: string; _status: string } }
  }
  const stamp = Date.now().toString(36)
  const title = `A Night Under the Desert Stars ${stamp}`
  const { doc } = await api('POST', '/articles?draft=true', {
    title,
    excerpt: 'What Dune hears when the sand goes quiet.',
    author: 'Test Editor',
    content: paragraph('The desert sings at night.'),
    topics: ['Stars'],
  })
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
    await signIn(page, 'editor')
    await page.goto(`/admin/collections/articles/${doc.id}`)
    await page.locator('[contenteditable="true"]').first().waitFor({ timeout: 30_000 })
    await screenshot(page, 'articles-editor-desktop')
    await page.setViewportSize(MOBILE)
    await screenshot(page, 'articles-editor-mobile')
    await context.close()

    await api('PATCH', `/articles/${doc.id}`, { _status: 'published' })
    expect(await onceRefreshed(`${base}/insights`, title)).toBe(true)
    expect(await onceRefreshed(`${base}/insights/${slug}`, title)).toBe(true)
    expect(await (await fetch(`${base}/sitemap.xml`)).text()).toContain(`/insights/${slug}`)
    expect(await (await fetch(`${base}/insights/feed.xml`)).text()).toContain(title)

    // A new slug: the old address answers 308 to the new one.
    const renamed = `${slug}-renamed`
    await api('PATCH', `/articles/${doc.id}`, { slug: renamed, _status: 'published' })
    expect(await onceRefreshed(`${base}/insights/${renamed}`, title)).toBe(true)
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
