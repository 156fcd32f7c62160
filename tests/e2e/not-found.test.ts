import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { launchBrowser, openPage } from './helpers/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

test('an unknown path shows the 404 page with status 404', async () => {
  const { page, context } = await openPage(browser)
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  // The page may stream in after the load event on a server that has just started: wait for it
  // as a visitor would, then check the rest of it.
  await page.getByRole('heading', { name: 'Page Not Found' }).waitFor({ state: 'visible' })
  await expect(
    page.getByText('Did you forget to add the page to the router?').isVisible(),
  ).resolves.toBe(true)
  await context.close()
})

test('an insights page number beyond any list is the 404 page, not a server error', async () => {
  const { page, context } = await openPage(browser)
  for (const path of ['/insights/page/99999999999999999999', '/insights/page/1000001']) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor({ state: 'visible' })
  }
  await context.close()
})
