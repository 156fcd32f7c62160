import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { launchBrowser, openPage, query, screenshot } from './helpers/browser'
import { signInByApi } from './helpers/admin'

let browser: Browser
const tag = `n${Date.now()}`

beforeAll(async () => {
  browser = await launchBrowser()
  for (const name of ['Ada', 'Bo'])
    await query(
      `insert into contact_messages (name, email, subject, message, status, submitted_at)
       values ($1, $2, 'other', 'A message to mark as replied.', 'read', now())`,
      [`${name} ${tag}`, `${name.toLowerCase()}.${tag}@example.com`],
    )
})
afterAll(async () => {
  await browser?.close()
})

test('the dashboard shows one notice at a time', async () => {
  const { page, context } = await openPage(browser)
  await signInByApi(page, 'full')
  await page.goto(`/admin?tab=contacts&search=${tag}`)
  for (const name of ['Ada', 'Bo']) {
    const row = page.getByRole('row').filter({ hasText: `${name} ${tag}` })
    await row.getByRole('combobox').selectOption('replied')
    await expect
      .poll(() => query(`select status from contact_messages where name = $1`, [`${name} ${tag}`]))
      .toEqual([{ status: 'replied' }])
  }
  // Two notices were raised; the newer one shows, the older one waits out of sight behind it.
  const shown = () =>
    page.locator('.payload-toast-container [data-sonner-toast]').evaluateAll((toasts) =>
      toasts.map((toast) => ({
        text: toast.querySelector('[data-title]')?.textContent,
        opacity: getComputedStyle(toast).opacity,
      })),
    )
  await expect.poll(shown).toEqual([
    { text: 'Contact status updated', opacity: '1' },
    { text: 'Contact status updated', opacity: '0' },
  ])
  await screenshot(page, 'admin-one-notice')
  await context.close()
})

test('a failed change says what failed in words, and the notice leaves the last row usable', async () => {
  const gone = `Gone ${tag}`
  await query(
    `insert into contact_messages (name, email, subject, message, status, submitted_at)
     values ($1, $2, 'other', 'A message deleted while shown.', 'read', now())`,
    [gone, `gone.${tag}@example.com`],
  )
  const { page, context } = await openPage(browser)
  await signInByApi(page, 'full')
  await page.goto(`/admin?tab=contacts&search=${tag}`)
  const row = page.getByRole('row').filter({ hasText: gone })
  await row.waitFor()
  // Deleted by someone else while this list is shown: the change is refused (404).
  await query('delete from contact_messages where name = $1', [gone])
  await row.getByRole('combobox').selectOption('replied')
  const failure = page.locator('.payload-toast-container [data-sonner-toast]').filter({
    hasText: 'Update failed',
  })
  await failure.waitFor()
  const words = (await failure.textContent()) ?? ''
  // Words below the title, what the status means (Payload's own "Not Found" says no more): never
  // a raw body such as "404: {…}".
  expect(words).toContain('This record no longer exists. Reload the page to see the current list.')
  expect(words).not.toMatch(/\d{3}: |\{/)

  // Scrolled to its end, the list's last row sits above the notice.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  const last = page.getByRole('row').last().getByRole('combobox')
  const [control, notice] = await Promise.all([last.boundingBox(), failure.boundingBox()])
  expect(control!.y + control!.height).toBeLessThanOrEqual(notice!.y)
  await screenshot(page, 'admin-failure-notice')
  await context.close()
})
