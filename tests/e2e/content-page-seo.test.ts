import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'

import { pollPage } from '../../scripts/lib/poll'
import { paragraph } from './content-helpers'
import { signInByApi } from './helpers/admin'
import { DESKTOP, launchBrowser, openPage, query, screenshot } from './helpers/browser'
import { restAs } from './helpers/rest'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

type Doc = { id: number; slug?: string; _status?: string; meta?: Record<string, unknown> }

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]
const ogTitleOf = (html: string) => /<meta property="og:title" content="([^"]*)"/.exec(html)?.[1]

test("an editor publishes /faq's meta title: the cached page's <title> follows the publish", async () => {
  const base = inject('baseURL')
  const { api } = await restAs(base)
  const {
    docs: [entry],
  } = await api<{ docs: Doc[] }>('GET', '/page-seo?where[path][equals]=/faq&depth=0')
  expect(entry).toBeTruthy()
  const original = entry!.meta
  const before = await (await fetch(`${base}/faq`)).text()
  expect(titleOf(before)).toBe('Frequently Asked Questions | Starfinity')

  // The editor's screen: the plugin's fields with the search-result preview.
  const { page, context } = await openPage(browser, { viewport: DESKTOP })
  await signInByApi(page, 'editor')
  await page.goto(`/admin/collections/page-seo/${entry!.id}`)
  await page.getByText('Preview', { exact: true }).first().waitFor({ timeout: 30_000 })
  expect(
    await page.getByText('Frequently Asked Questions', { exact: false }).count(),
  ).toBeGreaterThan(0)
  await screenshot(page, 'page-seo-editor')
  await context.close()

  // Still an FAQ title: a browser test beside this one may check /faq's title meanwhile.
  const title = `FAQ: answers for curious families ${Date.now().toString(36)}`
  try {
    await api('PATCH', `/page-seo/${entry!.id}`, {
      meta: { title, description: 'Every answer about Starfinity in one place.' },
      _status: 'published',
    })
    // /faq has no timed revalidation: only the publish can bring the title (polled up to 30 s).
    const shown = `<title>${title} | Starfinity</title>`
    expect((await pollPage(`${base}/faq`, shown)).body).toContain(shown)
    const html = await (await fetch(`${base}/faq`)).text()
    expect(ogTitleOf(html)).toBe(`${title} | Starfinity`)
    expect(html).toContain('content="Every answer about Starfinity in one place."')
    // Still a cached page (STALE while a change of another browser test beside this one, which
    // refreshes every page, is being rendered again).
    const cached = await fetch(`${base}/faq`)
    expect(cached.headers.get('x-nextjs-cache')).toMatch(/^(HIT|STALE)$/)
  } finally {
    await api('PATCH', `/page-seo/${entry!.id}`, { meta: original, _status: 'published' })
  }
})

test('a scheduled publish puts the article on the cached /insights without another save', async () => {
  const base = inject('baseURL')
  const {
    api,
    user: { id: userId },
  } = await restAs(base)
  const title = `Scheduled Stars ${Date.now().toString(36)}`
  const { doc } = await api<{ doc: Doc }>('POST', '/articles?draft=true', {
    title,
    excerpt: 'An article that goes live on its own.',
    author: 'Test Editor',
    content: paragraph('Live at last.'),
  })
  try {
    // /insights is in the page cache, without the draft.
    await fetch(`${base}/insights`)
    const cached = await fetch(`${base}/insights`)
    expect(cached.headers.get('x-nextjs-cache')).toBe('HIT')
    expect(await cached.text()).not.toContain(title)

    // What the admin's "Schedule publish" stores: a schedulePublish job on the default queue,
    // due in three seconds, which the site's jobs timer runs.
    await query(
      `insert into payload_jobs (input, task_slug, queue, wait_until)
       values ($1, 'schedulePublish', 'default', now() + interval '3 seconds')`,
      [
        JSON.stringify({
          type: 'publish',
          doc: { relationTo: 'articles', value: doc.id },
          user: { relationTo: 'users', value: userId },
        }),
      ],
    )
    expect((await pollPage(`${base}/insights`, title)).body).toContain(title)
    const [row] = await query<{ s: string }>(`select _status as s from articles where id = $1`, [
      doc.id,
    ])
    expect(row?.s).toBe('published')
    expect((await fetch(`${base}/insights/${doc.slug}`)).status).toBe(200)
  } finally {
    await api('DELETE', `/articles/${doc.id}`)
  }
})
