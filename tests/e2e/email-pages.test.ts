import { createHash, randomBytes } from 'node:crypto'

import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { MOBILE, launchBrowser, openPage, query, screenshot } from './helpers/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const token = () => randomBytes(32).toString('base64url')

test('the confirmation link shows a button; only pressing it confirms', async () => {
  const email = `confirm.${Date.now()}@example.com`
  const link = token()
  const hash = createHash('sha256').update(link).digest('hex')
  await query(
    `INSERT INTO newsletter_subscribers (email, subscribed_at, double_opt_in_confirmed, double_opt_in_token, double_opt_in_expires, updated_at, created_at)
     VALUES ($1, now(), false, $2, now() + interval '1 hour', now(), now())`,
    [email, hash],
  )
  const { page, context, consoleErrors } = await openPage(browser, { viewport: MOBILE })
  await page.goto(`/newsletter/confirm?token=${link}`)
  await expect(
    page.getByRole('heading', { name: 'Confirm your subscription' }).isVisible(),
  ).resolves.toBe(true)
  await screenshot(page, 'email-confirm-page')
  // Opening the page (what a mail scanner does) confirmed nothing.
  expect(
    await query('SELECT double_opt_in_confirmed FROM newsletter_subscribers WHERE email = $1', [
      email,
    ]),
  ).toEqual([{ double_opt_in_confirmed: false }])
  await page.getByRole('button', { name: 'Yes, send me the Starfinity newsletter.' }).click()
  await page.waitForURL('**/newsletter/confirm?status=confirmed')
  await expect(
    page.getByRole('heading', { name: 'Welcome to the Starfinity Universe!' }).isVisible(),
  ).resolves.toBe(true)
  expect(
    await query('SELECT double_opt_in_confirmed FROM newsletter_subscribers WHERE email = $1', [
      email,
    ]),
  ).toEqual([{ double_opt_in_confirmed: true }])
  // The same link again is refused.
  await page.goto(`/newsletter/confirm?token=${link}`)
  await page.getByRole('button', { name: 'Yes, send me the Starfinity newsletter.' }).click()
  await page.waitForURL('**/newsletter/confirm?status=invalid')
  await expect(
    page.getByRole('alert').filter({ hasText: 'already been used' }).isVisible(),
  ).resolves.toBe(true)
  expect(consoleErrors).toEqual([])
  await context.close()
})

test('the preferences center saves choices and unsubscribes from everything', async () => {
  const email = `prefs.${Date.now()}@example.com`
  const key = token()
  await query(
    `INSERT INTO email_preferences (email, unsubscribe_token, last_updated, updated_at, created_at)
     VALUES ($1, $2, now(), now(), now())`,
    [email, key],
  )
  const { page, context, consoleErrors } = await openPage(browser)
  await page.goto(`/email/preferences?token=${key}`)
  await expect(page.getByText(`Emails to ${email}`).isVisible()).resolves.toBe(true)
  await page.getByLabel(/^Promotions/).uncheck()
  await page.getByLabel('How often').selectOption('monthly')
  await screenshot(page, 'email-preferences-page')
  await page.getByRole('button', { name: 'Save preferences' }).click()
  await page.waitForURL('**status=saved')
  await expect(page.getByRole('status').first().textContent()).resolves.toContain('saved')
  expect(
    await query(
      'SELECT newsletter_enabled, promotions_enabled, frequency FROM email_preferences WHERE email = $1',
      [email],
    ),
  ).toEqual([{ newsletter_enabled: true, promotions_enabled: false, frequency: 'monthly' }])
  await expect(page.getByLabel(/^Promotions/).isChecked()).resolves.toBe(false)

  await page.getByRole('button', { name: 'Unsubscribe from all' }).click()
  await page.waitForURL('**status=unsubscribed')
  await screenshot(page, 'email-preferences-unsubscribed')
  expect(
    await query(
      'SELECT newsletter_enabled, updates_enabled, weekly_digest_enabled FROM email_preferences WHERE email = $1',
      [email],
    ),
  ).toEqual([{ newsletter_enabled: false, updates_enabled: false, weekly_digest_enabled: false }])
  expect(consoleErrors).toEqual([])
  await context.close()
})
