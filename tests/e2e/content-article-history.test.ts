import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'

import { paragraph } from './content-helpers'
import { signInByApi } from './helpers/admin'
import { launchBrowser, openPage, screenshot } from './helpers/browser'
import { restAs } from './helpers/rest'
import { E2E_USERS } from './helpers/users'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

type Doc = { id: number; slug: string; title: string; _status: string }

/** The article page's heading, fetched until it is the expected title or the time is up. */
const publicTitle = async (path: string, expected: string, timeout = 30_000) => {
  const base = inject('baseURL')
  const started = Date.now()
  let title: string | undefined
  do {
    const html = await (await fetch(`${base}${path}`)).text()
    title = /<h1[^>]*id="article-title"[^>]*>([^<]*)</.exec(html)?.[1]
    if (title === expected) return title
    await new Promise((resolve) => setTimeout(resolve, 250))
  } while (Date.now() - started < timeout)
  return title
}

/** Presses "Publish changes" in the edit view and waits for the public page to show the title. */
const publishInAdmin = async (page: Page, path: string, title: string) => {
  await page.getByRole('button', { name: 'Publish changes' }).click()
  expect(await publicTitle(path, title)).toBe(title)
}

test('an editor restores an earlier published version from the admin; the article page shows it again', async () => {
  const editor = await restAs(inject('baseURL'), E2E_USERS.editor)
  const stamp = Date.now().toString(36)
  const titleA = `The First Song of the Dunes ${stamp}`
  const titleB = `The Second Song of the Dunes ${stamp}`
  const slug = `article-history-${stamp}`
  const path = `/insights/${slug}`
  const { doc } = await editor.api<{ doc: Doc }>('POST', '/articles?draft=true', {
    title: titleA,
    slug,
    excerpt: 'Two versions of one story.',
    author: 'Test Editor',
    content: paragraph('The wind hummed a tune.'),
  })
  try {
    expect(doc.slug).toBe(slug)
    expect((await fetch(`${inject('baseURL')}${path}`)).status).toBe(404)

    const { page, context, consoleErrors } = await openPage(browser)
    await signInByApi(page, 'editor')
    await page.goto(`/admin/collections/articles/${doc.id}`)
    const title = page.locator('#field-title')
    await title.waitFor({ timeout: 30_000 })

    // Version A, then version B, both published from the edit view.
    await publishInAdmin(page, path, titleA)
    await title.fill(titleB)
    await publishInAdmin(page, path, titleB)

    // The published version A, as stored in the article's history.
    const versions = await editor.api<{
      docs: { id: number; version: { title: string; _status: string } }[]
    }>(
      'GET',
      `/articles/versions?where[parent][equals]=${doc.id}` +
        `&where[version.title][equals]=${encodeURIComponent(titleA)}` +
        `&where[version._status][equals]=published&sort=-updatedAt&limit=1`,
    )
    const versionA = versions.docs[0]
    expect(versionA?.version.title).toBe(titleA)

    // The Versions view lists it; its page offers the restore.
    await page.goto(`/admin/collections/articles/${doc.id}/versions`)
    const link = page.locator(`a[href$="/versions/${versionA!.id}"]`).first()
    await link.waitFor({ timeout: 30_000 })
    await screenshot(page, 'article-history-versions')
    await link.click()
    await page.waitForURL(new RegExp(`/versions/${versionA!.id}$`))
    await page.getByRole('button', { name: 'Restore this version' }).click()
    const dialog = page.locator('.confirmation-modal').filter({
      hasText: 'Confirm Version Restoration',
    })
    await dialog.waitFor()
    await screenshot(page, 'article-history-restore-dialog')
    await dialog.getByRole('button', { name: 'Confirm' }).click()

    // Restoring a published version publishes it: the cached page is refreshed.
    expect(await publicTitle(path, titleA)).toBe(titleA)
    const restored = await editor.api<Doc>('GET', `/articles/${doc.id}`)
    expect(restored.title).toBe(titleA)
    expect(restored._status).toBe('published')
    expect(consoleErrors).toEqual([])
    await context.close()
  } finally {
    await editor.api('DELETE', `/articles/${doc.id}`)
  }
})

test('a second editor opening an article another editor is editing sees the lock, and may take over', async () => {
  const admin = await restAs(inject('baseURL'), E2E_USERS.full)
  const first = await restAs(inject('baseURL'), E2E_USERS.editor)
  const stamp = Date.now().toString(36)
  const second = { username: `e2e-editor-two-${stamp}`, password: `second-editor-${stamp}-long` }
  const { doc: user } = await admin.api<{ doc: { id: number } }>('POST', '/users', {
    ...second,
    accessLevel: 'editor',
  })
  const { doc } = await first.api<{ doc: Doc }>('POST', '/articles', {
    title: `Who Holds the Pen ${stamp}`,
    excerpt: 'One article, two editors.',
    author: 'Test Editor',
    content: paragraph('Only one may write at a time.'),
    _status: 'published',
  })
  const lockOwner = async () => {
    const { docs } = await admin.api<{ docs: { user: { value: number | { id: number } } }[] }>(
      'GET',
      `/payload-locked-documents?depth=0&where[document.relationTo][equals]=articles` +
        `&where[document.value][equals]=${doc.id}`,
    )
    const value = docs[0]?.user.value
    return typeof value === 'object' ? value.id : value
  }
  // A save releases the lock (Payload unlocks on every save, autosaves included), so the first
  // editor keeps typing, faster than the autosave interval, while the second opens the article.
  let typing = true
  let typist: Promise<void> | undefined
  try {
    // The first editor opens the article and starts typing: the article is locked to them.
    const one = await openPage(browser)
    await signInByApi(one.page, 'editor')
    await one.page.goto(`/admin/collections/articles/${doc.id}`)
    const excerpt = one.page.locator('#field-excerpt')
    await excerpt.waitFor({ timeout: 30_000 })
    await excerpt.click()
    typist = (async () => {
      while (typing) {
        await one.page.keyboard.type('.')
        await one.page.waitForTimeout(500)
      }
      // A closed page ends the typing; the lock checks below then fail on their own.
    })().catch(() => undefined)
    await expect.poll(lockOwner, { timeout: 30_000 }).toBe(first.user.id)

    // The second editor opening it is told who holds it, and may go back or take over.
    const two = await openPage(browser)
    await signInByApi(two.page, second)
    await two.page.goto(`/admin/collections/articles/${doc.id}`)
    const modal = two.page.locator('.document-locked')
    const takeOver = two.page.locator('#document-locked-take-over')
    try {
      await takeOver.waitFor({ timeout: 20_000 })
    } catch (error) {
      await screenshot(two.page, 'article-history-locked-missing')
      const seen = await two.page.request.get(
        `/api/payload-locked-documents?depth=0&where[document.value][equals]=${doc.id}`,
      )
      throw new Error(
        `no lock notice; the second editor's view of the locks: ${seen.status()} ` +
          `${await seen.text()}; console: ${two.consoleErrors.join(' | ')}`,
        { cause: error },
      )
    }
    await expect.poll(() => modal.locator('h1').textContent()).toBe('Document locked')
    const message = await modal.locator('p').first().textContent()
    expect(message).toContain('is currently editing this document')
    // Editors may not read other users' records, so Payload names the holder by user id.
    expect(message).toContain(String(first.user.id))
    expect(await two.page.locator('#document-locked-go-back').isVisible()).toBe(true)
    await screenshot(two.page, 'article-history-locked')

    // The first editor stops (their page closes before an autosave); the second takes over.
    typing = false
    await typist
    await one.context.close()
    expect(await lockOwner()).toBe(first.user.id)
    await takeOver.click()
    await expect.poll(lockOwner, { timeout: 30_000 }).toBe(user.id)
    await two.context.close()
  } finally {
    typing = false
    await typist
    // The second editor holds the lock now: anyone else's delete is refused (423) meanwhile.
    await admin.api(
      'DELETE',
      `/payload-locked-documents?where[document.relationTo][equals]=articles` +
        `&where[document.value][equals]=${doc.id}`,
    )
    await first.api('DELETE', `/articles/${doc.id}`)
    await admin.api('DELETE', `/users/${user.id}`)
  }
})
