import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { MOBILE, launchBrowser, openPage, query, screenshot } from './helpers/browser'
import { adminConsoleErrors, openTab, signIn } from './helpers/admin'

let browser: Browser
const tag = `u${Date.now()}`
/** More entries than one page of the admin lists holds (ADMIN_PAGE_SIZE is 50). */
const ENTRIES = 55

beforeAll(async () => {
  browser = await launchBrowser()
  await query(
    `insert into waitlist_entries (email, name, product, joined_at)
     select 'row' || n || '.' || $1 || '@example.com', 'Row ' || n || ' ' || $1, 'records',
       now() - n * interval '1 minute'
     from generate_series(1, ${ENTRIES}) n`,
    [tag],
  )
})
afterAll(async () => {
  await browser?.close()
})

const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams)
const pager = (page: Page) => page.getByLabel('Pages')
const showsPage = (page: Page, text: string) =>
  expect
    .poll(async () => (await pager(page).textContent()) ?? '', { timeout: 15_000 })
    .toContain(text)

test('a list keeps its tab, page, search and filter in the address through reload, back and forward', async () => {
  const { page, context, consoleErrors } = await openPage(browser)
  await signIn(page, 'full')
  await openTab(page, 'Waitlist Management')
  await page.getByLabel('Product').selectOption('records')
  await page.getByLabel('Search waitlist').fill(tag)
  await showsPage(page, `Page 1 of 2 · ${ENTRIES} total`)
  await pager(page).getByRole('button', { name: '2', exact: true }).click()
  await showsPage(page, `Page 2 of 2 · ${ENTRIES} total`)
  expect(params(page)).toEqual({ tab: 'waitlist', product: 'records', search: tag, page: '2' })
  await expect(page.getByRole('row').filter({ hasText: tag }).count()).resolves.toBe(ENTRIES - 50)

  // Reload: the same tab, filter, search and page.
  await page.reload()
  await showsPage(page, `Page 2 of 2 · ${ENTRIES} total`)
  await expect(
    page.getByRole('tab', { name: 'Waitlist Management' }).getAttribute('aria-selected'),
  ).resolves.toBe('true')
  await expect(page.getByLabel('Product').inputValue()).resolves.toBe('records')
  await expect(page.getByLabel('Search waitlist').inputValue()).resolves.toBe(tag)

  // Back: page 1 of the same search; forward: page 2 again.
  await page.goBack()
  await showsPage(page, `Page 1 of 2 · ${ENTRIES} total`)
  expect(params(page).page).toBeUndefined()
  await expect(page.getByLabel('Search waitlist').inputValue()).resolves.toBe(tag)
  await page.goForward()
  await showsPage(page, `Page 2 of 2 · ${ENTRIES} total`)

  // Another tab starts at its own first page; back returns to the list as it was.
  await openTab(page, 'Contact Messages')
  expect(params(page)).toEqual({ tab: 'contacts' })
  await page.goBack()
  await page.getByRole('tabpanel', { name: 'Waitlist Management' }).waitFor()
  await showsPage(page, `Page 2 of 2 · ${ENTRIES} total`)
  await expect(page.getByLabel('Product').inputValue()).resolves.toBe('records')

  // A new filter starts again at page 1.
  await page.getByLabel('Product').selectOption('all')
  await showsPage(page, 'Page 1 of')
  expect(params(page)).toEqual({ tab: 'waitlist', search: tag })
  await screenshot(page, 'admin-list-url')
  expect(adminConsoleErrors(consoleErrors)).toEqual([])
  await context.close()
})

test('every tab renders at 390 px in the dark brand theme, without sideways scrolling', async () => {
  const { page, context } = await openPage(browser, { viewport: MOBILE })
  await signIn(page, 'full')
  await expect(page.locator('html').getAttribute('data-theme')).resolves.toBe('dark')
  await expect(page.locator('.starfinity-logo').first().isVisible()).resolves.toBe(true)
  const tabs = [
    ['Overview', 'overview'],
    ['Waitlist Management', 'waitlist'],
    ['Contact Messages', 'contacts'],
    ['Parent Insights', 'parent-insights'],
    ['AI Email Composer', 'composer'],
    ['AI Analytics', 'analytics'],
    ['Newsletter', 'newsletter'],
    ['Email Manager', 'email-manager'],
    ['People', 'people'],
  ] as const
  for (const [name, file] of tabs) {
    await openTab(page, name)
    // Every panel of the tab has loaded (a tab may have several: a list and its leaderboard).
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'))
    await screenshot(page, `admin-mobile-${file}`)
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow, name).toBeLessThanOrEqual(0)
  }
  await context.close()
})
