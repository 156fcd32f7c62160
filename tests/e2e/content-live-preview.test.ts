import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'

import { paragraph } from './content-helpers'
import { signIn } from './helpers/admin'
import { launchBrowser, openPage, query, screenshot } from './helpers/browser'
import { restAs } from './helpers/rest'
import { E2E_USERS } from './helpers/users'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const DRAFT_MODE_COOKIE = '__prerender_bypass'

/**
 * An editor of this test's own: Payload remembers the live preview per user and collection, and
 * the seeded editor's edit views stay the form alone for the other tests that open them meanwhile.
 */
const ownEditor = async (base: string, stamp: string) => {
  const { api: admin } = await restAs(base, E2E_USERS.full)
  const login = { username: `e2e-preview-editor-${stamp}`, password: `preview-editor-${stamp}-pw` }
  const { doc } = await admin('POST', '/users', { ...login, accessLevel: 'editor' })
  return { login, remove: () => admin('DELETE', `/users/${doc.id}`) }
}

/** Console errors of a page and its frames (policy violations included). */
const errorsOf = (page: Page) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** Turns the live preview on (Payload remembers the choice per user, so it may be on already). */
const openLivePreview = async (page: Page) => {
  const toggle = page.locator('#live-preview-toggler')
  await toggle.waitFor()
  if ((await toggle.getAttribute('aria-label')) === 'Live Preview') await toggle.click()
  await page.locator('#live-preview-iframe').waitFor()
}

test('an editor sees the typed title in the live preview, and the preview link shows the draft to editors only', async () => {
  const base = inject('baseURL')
  const stamp = Date.now().toString(36)
  const editor = await ownEditor(base, stamp)
  const { api } = await restAs(base, editor.login)
  const published = `Stars Over the Dunes ${stamp}`
  const drafted = `Stars Over the Dunes, Draft ${stamp}`
  const typed = `Typed Live ${stamp}`
  const { doc } = await api<{ doc: { id: number; slug: string } }>('POST', '/articles', {
    title: published,
    excerpt: 'A night of counting stars.',
    author: 'Test Editor',
    content: paragraph('The sand was still warm.'),
    _status: 'published',
  })
  const path = `/insights/${doc.slug}`
  try {
    // A draft on top of the published article: the site still shows the published title.
    await api('PATCH', `/articles/${doc.id}?draft=true`, { title: drafted })
    const visitorView = await (await fetch(`${base}${path}`)).text()
    expect(visitorView).toContain(published)
    expect(visitorView).not.toContain(drafted)

    const { page, context } = await openPage(browser)
    const errors = errorsOf(page)
    await signIn(page, editor.login)
    await page.goto(`/admin/collections/articles/${doc.id}`)
    await page.locator('#field-title').waitFor()
    await openLivePreview(page)
    const frame = page.frameLocator('#live-preview-iframe')
    const frameTitle = frame.locator('#article-title')
    // The frame opened the preview route, which put it in draft mode: the draft title.
    await frameTitle.filter({ hasText: drafted }).waitFor({ timeout: 30_000 })

    // Live: the open preview page takes the typed title from the form as it is, without being
    // reloaded (a mark left in its window before typing is still there after).
    const previewFrame = await (
      await page.locator('#live-preview-iframe').elementHandle()
    )?.contentFrame()
    expect(previewFrame).toBeTruthy()
    await previewFrame!.evaluate(() => {
      ;(window as unknown as { beforeTyping?: boolean }).beforeTyping = true
    })
    await page.locator('#field-title').fill(typed)
    await frameTitle.filter({ hasText: typed }).waitFor({ timeout: 30_000 })
    expect(
      await previewFrame!.evaluate(
        () => (window as unknown as { beforeTyping?: boolean }).beforeTyping,
      ),
    ).toBe(true)
    await screenshot(page, 'live-preview-article')

    // Autosave stores the typed title as the newest draft.
    await expect
      .poll(
        async () =>
          (
            await query<{ title: string }>(
              `select version_title as title from _articles_v where parent_id = $1
               order by updated_at desc limit 1`,
              [doc.id],
            )
          )[0]?.title,
        { timeout: 15_000 },
      )
      .toBe(typed)

    // The preview link: the draft for the signed-in editor, on the real page.
    const previewLink = await page.locator('#preview-button').getAttribute('href')
    expect(previewLink).toMatch(/\/preview\?path=/)
    const previewPage = await context.newPage()
    const previewErrors = errorsOf(previewPage)
    const editorResponse = await previewPage.goto(previewLink!)
    expect(new URL(previewPage.url()).pathname).toBe(path)
    await previewPage.locator('#article-title').filter({ hasText: typed }).waitFor()
    const editorHeaders = editorResponse!.headers()
    expect(editorHeaders['content-security-policy']).toContain("frame-ancestors 'self'")
    expect(editorHeaders['cache-control']).toMatch(/no-store/)
    expect((await context.cookies()).some((c) => c.name === DRAFT_MODE_COOKIE)).toBe(true)
    await screenshot(previewPage, 'live-preview-link-editor')
    expect(previewErrors).toEqual([])

    // The same link for a visitor (a new context, no session): the published page, no draft mode.
    const { page: visitor, context: visitorContext } = await openPage(browser)
    const visitorErrors = errorsOf(visitor)
    const visitorResponse = await visitor.goto(previewLink!)
    expect(new URL(visitor.url()).pathname).toBe(path)
    expect(await visitor.locator('#article-title').textContent()).toBe(published)
    expect(await visitor.content()).not.toContain(typed)
    expect(visitorResponse!.headers()['content-security-policy']).toContain(
      "frame-ancestors 'none'",
    )
    expect((await visitorContext.cookies()).some((c) => c.name === DRAFT_MODE_COOKIE)).toBe(false)
    await screenshot(visitor, 'live-preview-link-visitor')
    expect(visitorErrors).toEqual([])
    await visitorContext.close()

    // Characters: their live preview is /characters, in draft mode, in the same frame.
    const { docs: characters } = (await (
      await fetch(`${base}/api/characters?limit=1&depth=0`)
    ).json()) as { docs: { id: number; name: string }[] }
    await page.goto(`/admin/collections/characters/${characters[0]!.id}`)
    await page.locator('#field-name').waitFor()
    await openLivePreview(page)
    await page
      .frameLocator('#live-preview-iframe')
      .getByRole('heading', { name: characters[0]!.name })
      .first()
      .waitFor({ timeout: 30_000 })
    await screenshot(page, 'live-preview-character')
    // Nothing the policy refused, in the admin or its frame.
    expect(
      errors.filter((e) => /Content Security Policy|frame-ancestors|Refused/i.test(e)),
    ).toEqual([])
    await context.close()
  } finally {
    await api('DELETE', `/articles/${doc.id}`)
    await editor.remove()
  }
})
