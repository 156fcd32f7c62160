import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'

import { launchBrowser, openPage, query, screenshot } from './helpers/browser'
import { signInByApi } from './helpers/admin'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

test("a record's JSON field opens the code editor, served by the site itself", async () => {
  const tag = `m${Date.now()}`
  const [row] = await query<{ id: number }>(
    `insert into contact_messages (name, email, subject, message, status, submitted_at, tags)
     values ($1, $2, 'other', 'A message with tags.', 'read', now(), $3) returning id`,
    [`Mona ${tag}`, `mona.${tag}@example.com`, JSON.stringify(['press', tag])],
  )
  const { page, context, consoleErrors } = await openPage(browser)
  const origins = new Set<string>()
  page.on('request', (request) => origins.add(new URL(request.url()).origin))
  await signInByApi(page, 'full')
  await page.goto(`/admin/collections/contact-messages/${row!.id}`)
  // Monaco draws its lines once its scripts, fetched by its loader, have run.
  const editor = page.locator('.monaco-editor .view-lines').first()
  await editor.waitFor()
  await expect.poll(() => editor.textContent()).toContain(tag)
  await screenshot(page, 'admin-code-editor')
  expect([...origins]).toEqual([new URL(inject('baseURL')).origin])
  expect(consoleErrors).toEqual([])
  await context.close()
})
