import AxeBuilder from '@axe-core/playwright'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'

import { launchBrowser, openPage, query, screenshot } from './helpers/browser'
import { notice, signIn } from './helpers/admin'
import { restAs } from './helpers/rest'
import { E2E_USERS } from './helpers/users'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

// A new full admin: its first sign-in sets up its second factor too (a longer test).
test('a full admin changes their own password on the account page, giving the current one', async () => {
  // An account of this test's own: the suite's accounts keep their passwords.
  const account = { username: `owner-${Date.now()}`, password: 'first-long-passphrase-41' }
  const { api } = await restAs(inject('baseURL'), E2E_USERS.full)
  await api('POST', '/users', { ...account, accessLevel: 'full' })

  const { page, context, consoleErrors } = await openPage(browser)
  await signIn(page, account)
  await page.goto('/admin/account')
  const current = page.locator('input[name="currentPassword"]')
  await current.waitFor()
  await expect(current.getAttribute('type')).resolves.toBe('password')

  await page.getByRole('button', { name: 'Change Password' }).click()
  await page.locator('input[name="password"]').fill('second-long-passphrase-42')
  await page.locator('input[name="confirm-password"]').fill('second-long-passphrase-42')
  // Without the current password, nothing changes and the field says why.
  await page.getByRole('button', { name: 'Save' }).click()
  await page
    .getByText(/current password/i)
    .first()
    .waitFor()
  await screenshot(page, 'admin-account-current-password')
  const [before] = await query<{ hash: string }>('select hash from users where username = $1', [
    account.username,
  ])

  await current.fill(account.password)
  // Hidden as typed: the page shows no trace of it.
  await expect(page.locator('body').innerText()).resolves.not.toContain(account.password)
  await page.getByRole('button', { name: 'Save' }).click()
  await notice(page, 'Updated successfully').waitFor()
  const [after] = await query<{ hash: string }>('select hash from users where username = $1', [
    account.username,
  ])
  expect(after!.hash).not.toBe(before!.hash)
  expect(consoleErrors.filter((error) => !/status of 400/.test(error))).toEqual([])
  await context.close()
}, 120_000)

test('the account page lists two sessions; signing out the other sends that browser to sign-in', async () => {
  const account = { username: `sessions-${Date.now()}`, password: 'third-long-passphrase-43' }
  const { api } = await restAs(inject('baseURL'), E2E_USERS.full)
  await api('POST', '/users', { ...account, accessLevel: 'editor' })

  // Two browsers (two contexts: two cookie jars) signed in to one account.
  const elsewhere = await openPage(browser)
  await signIn(elsewhere.page, account)
  const { page, context, consoleErrors } = await openPage(browser)
  await signIn(page, account)
  await page.goto('/admin/account')
  const sessions = page.getByTestId('sessions')
  const rows = sessions.locator('tbody tr')
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2)
  const current = rows.filter({ hasText: 'This session' })
  await expect(current.count()).resolves.toBe(1)
  await expect(current.innerText()).resolves.toMatch(/Chrome on Linux\s+this computer\s/)
  await sessions.getByRole('button', { name: 'Sign out all other sessions' }).waitFor()
  await sessions.scrollIntoViewIfNeeded()
  await screenshot(page, 'admin-account-sessions')
  // The list itself (Payload's own form controls around it are Payload's).
  const audit = await new AxeBuilder({ page: page as never })
    .include('[data-testid="sessions"]')
    .analyze()
  expect(audit.violations.map(({ id, impact }) => `${impact} ${id}`)).toEqual([])

  await rows
    .filter({ hasNotText: 'This session' })
    .getByRole('button', { name: 'Sign out' })
    .click()
  await notice(page, 'Session signed out').waitFor()
  await expect.poll(() => rows.count()).toBe(1)
  await expect(
    sessions.getByRole('button', { name: 'Sign out all other sessions' }).count(),
  ).resolves.toBe(0)

  // The other browser is signed out at its next step.
  await elsewhere.page.goto('/admin/collections/articles')
  await elsewhere.page.waitForURL(/\/admin\/login/)
  // This one is not.
  await page.goto('/admin/collections/articles')
  await page.locator('table').first().waitFor()
  expect(page.url()).not.toMatch(/\/admin\/login/)
  expect(consoleErrors).toEqual([])
  await Promise.all([context.close(), elsewhere.context.close()])
})
