import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'

import { adminConsoleErrors, notice, signIn } from './helpers/admin'
import { launchBrowser, openPage, query, screenshot } from './helpers/browser'
import { restAs } from './helpers/rest'
import { totpCode } from './helpers/second-factor'
import { E2E_USERS } from './helpers/users'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** A full admin of the test's own: it has no second factor yet. */
const newAdmin = async (name: string) => {
  const account = { username: `${name}-${Date.now()}`, password: 'second-factor-long-passphrase' }
  const { api } = await restAs(inject('baseURL'), E2E_USERS.full)
  await api('POST', '/users', { ...account, accessLevel: 'full' })
  return account
}

const enterPassword = async (page: Page, account: { username: string; password: string }) => {
  await page.goto('/admin/login')
  await page.getByLabel('Username').fill(account.username)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

test('a new full admin sets up an authenticator app from the QR code, then signs in with its code', async () => {
  const account = await newAdmin('totp')
  const { page, context, consoleErrors } = await openPage(browser)
  await enterPassword(page, account)
  await page.getByRole('heading', { name: 'Set up a second factor' }).waitFor()
  // The QR code is drawn (an SVG from the site itself), and no session exists yet.
  const qr = page.getByRole('img', { name: 'QR code for your authenticator app' })
  await expect(
    qr.evaluate((image: HTMLImageElement) => image.naturalWidth),
  ).resolves.toBeGreaterThan(0)
  await expect(qr.getAttribute('src')).resolves.toMatch(/^data:image\/svg\+xml;base64,/)
  expect((await context.cookies()).some((cookie) => cookie.name === 'payload-token')).toBe(false)
  await screenshot(page, 'admin-second-factor-enrol')

  await page.getByText('Cannot scan? Enter this key instead').click()
  const key = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '')
  await page.locator('input[name="totp-code"]').fill('000000')
  await page.getByRole('button', { name: 'Confirm app' }).click()
  await page
    .getByText(/not accepted|does not match/)
    .first()
    .waitFor()
  await page.locator('input[name="totp-code"]').fill(totpCode(key, account.username))
  await page.getByRole('button', { name: 'Confirm app' }).click()
  const codes = page.getByRole('region', { name: 'Recovery codes' }).locator('li')
  await codes.first().waitFor()
  expect(await codes.count()).toBe(10)
  await screenshot(page, 'admin-second-factor-recovery-codes')
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click()
  await page.waitForURL(/\/admin\/?$/)

  // The account page shows the app.
  await page.goto('/admin/account')
  const section = page.getByRole('region', { name: 'Second factor' })
  await section.getByText('Set up.').waitFor()
  await expect(section.getByText('10 left.').isVisible()).resolves.toBe(true)
  await section.scrollIntoViewIfNeeded()
  await screenshot(page, 'admin-second-factor-account')

  // Signed out, the next sign-in asks for a code; the app's next code opens the dashboard (the
  // code of the step it was set up in is used up).
  await context.clearCookies()
  await enterPassword(page, account)
  await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor()
  await page.locator('input[name="second-factor-code"]').fill(totpCode(key, account.username, 30))
  await screenshot(page, 'admin-second-factor-code')
  await page.getByRole('button', { name: 'Verify' }).click()
  await notice(page, 'Login Successful').waitFor()
  await page.waitForURL(/\/admin\/?$/)
  expect(
    adminConsoleErrors(consoleErrors).filter((error) => !/status of 40[01]/.test(error)),
  ).toEqual([])
  await context.close()
}, 150_000)

test('a full admin adds a passkey on the account page and signs in with it', async () => {
  const account = await newAdmin('passkey')
  const { page, context, consoleErrors } = await openPage(browser)
  // Chromium's virtual authenticator stands in for a security key or a phone.
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  await signIn(page, account)
  await page.goto('/admin/account')
  const section = page.getByRole('region', { name: 'Second factor' })
  await section.getByText('No passkey yet.').waitFor()
  await section.getByLabel('Name of a new passkey').fill('Test laptop')
  await section.getByRole('button', { name: 'Add a passkey' }).click()
  await notice(page, 'Passkey added').waitFor()
  await section.getByText('Test laptop').waitFor()
  await section.scrollIntoViewIfNeeded()
  await screenshot(page, 'admin-second-factor-passkey-added')
  const [stored] = await query<{ count: string }>(
    `SELECT count(*) FROM second_factor_passkeys p JOIN users u ON u.id = p.user_id
      WHERE u.username = $1`,
    [account.username],
  )
  expect(Number(stored!.count)).toBe(1)

  await context.clearCookies()
  await enterPassword(page, account)
  await page.getByRole('button', { name: 'Use a passkey' }).waitFor()
  await screenshot(page, 'admin-second-factor-passkey-sign-in')
  await page.getByRole('button', { name: 'Use a passkey' }).click()
  await notice(page, 'Login Successful').waitFor()
  await page.waitForURL(/\/admin\/?$/)
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  expect(credentials).toHaveLength(1)
  expect(credentials[0]!.signCount).toBeGreaterThan(0)
  expect(
    adminConsoleErrors(consoleErrors).filter((error) => !/status of 40[01]/.test(error)),
  ).toEqual([])
  await context.close()
}, 150_000)
