import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { launchBrowser, openPage, screenshot } from './helpers/browser'
import { signIn } from './helpers/admin'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

test('the account page asks for the current password in a password input', async () => {
  const { page, context, consoleErrors } = await openPage(browser)
  await signIn(page, 'full')
  await page.goto('/admin/account')
  const current = page.locator('input[name="currentPassword"]')
  await current.waitFor()
  await expect(current.getAttribute('type')).resolves.toBe('password')
  await current.fill('what I typed')
  // Hidden as typed: the page shows no trace of it.
  await expect(page.locator('body').innerText()).resolves.not.toContain('what I typed')
  await screenshot(page, 'admin-account')
  expect(consoleErrors).toEqual([])
  await context.close()
})
