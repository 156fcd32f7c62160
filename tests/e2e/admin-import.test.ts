import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { notice, openTab, signIn } from './helpers/admin'
import { launchBrowser, openPage, query, screenshot } from './helpers/browser'
import { E2E_USERS } from './helpers/users'

let browser: Browser
const tag = `imp${Date.now()}`
const address = (name: string) => `${name}.${tag}@example.com`

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

test('a full admin imports a CSV: preview, consent, progress to 100 %, the people in the list', async () => {
  const csv = [
    'Email,First name,Interests',
    `${address('ann')},Ann,universe;music`,
    `${address('ben')},Ben,`,
    `${address('cat')},Cat,wild`,
    `${address('ann').toUpperCase()},Ann again,`,
    'not-an-address,Dan,',
  ].join('\n')
  const { page, context, consoleErrors } = await openPage(browser)
  await signIn(page, 'full')
  await openTab(page, 'Newsletter')
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Import subscribers' })
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'subscribers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  })
  await dialog.getByRole('button', { name: 'Check file' }).click()
  await dialog.getByRole('table').waitFor()
  const stats = await dialog.textContent()
  expect(stats).toContain('Valid rows4')
  expect(stats).toContain('Duplicates1')
  expect(stats).toContain('Invalid rows1')
  expect(stats).toContain('To import3')
  await expect(dialog.getByRole('table').textContent()).resolves.toContain('6email')
  const importButton = dialog.getByRole('button', { name: 'Import 3 subscribers' })
  await expect(importButton.isDisabled()).resolves.toBe(true)
  await screenshot(page, 'admin-import-preview')

  await dialog.getByRole('checkbox', { name: /gave their consent/ }).check()
  await importButton.click()
  const bar = dialog.getByRole('progressbar')
  await bar.waitFor()
  await expect
    .poll(() => bar.getAttribute('aria-valuenow'), { timeout: 30_000, interval: 500 })
    .toBe('100')
  await dialog.getByText('Import finished 100 %').waitFor({ timeout: 30_000 })
  await notice(page, 'Import finished').waitFor()
  await screenshot(page, 'admin-import-done')

  await dialog.getByRole('button', { name: 'Close' }).click()
  const panel = page.getByRole('tabpanel', { name: 'Newsletter' })
  for (const name of ['ann', 'ben', 'cat']) await panel.getByText(address(name)).waitFor()
  await screenshot(page, 'admin-import-list')

  const stored = await query<{ n: string; consents: string }>(
    `select (select count(*) from newsletter_subscribers where email like $1
        and consent_source = 'import') as n,
      (select count(*) from consents where email like $1 and source = 'import'
        and metadata->>'confirmedBy' = $2) as consents`,
    [`%.${tag}@example.com`, E2E_USERS.full.username],
  )
  expect(stored[0]).toEqual({ n: '3', consents: '3' })
  expect(consoleErrors).toEqual([])
  await context.close()
})
