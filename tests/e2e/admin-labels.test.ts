import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { launchBrowser, openPage, query } from './helpers/browser'
import { signInByApi } from './helpers/admin'

let browser: Browser
const tag = `l${Date.now()}`

beforeAll(async () => {
  browser = await launchBrowser()
  // A message sent from the contact form, which stores the subject's value.
  await query(
    `insert into contact_messages (name, email, subject, message, priority, submitted_at)
     values ($1, $2, 'feedback', 'The songs helped my daughter sleep.', 'urgent', now())`,
    [`Fay ${tag}`, `fay.${tag}@example.com`],
  )
  await query(
    `insert into waitlist_entries (email, name, product, status, joined_at)
     values ($1, $2, 'records', 'active', now())`,
    [`rex.${tag}@example.com`, `Rex ${tag}`],
  )
})
afterAll(async () => {
  await browser?.close()
})

test('stored choices show with their labels', async () => {
  const { page, context } = await openPage(browser)
  await signInByApi(page, 'full')
  await page.goto(`/admin?tab=contacts&search=${tag}`)
  const message = page.getByRole('row').filter({ hasText: `Fay ${tag}` })
  await message.waitFor()
  await expect(message.locator('td[data-label="Subject"]').textContent()).resolves.toBe(
    'Feedback & Suggestions',
  )
  await expect(message.locator('td[data-label="Priority"]').textContent()).resolves.toBe('Urgent')
  await expect(message.getByRole('combobox').locator('option').allTextContents()).resolves.toEqual([
    'Unread',
    'Read',
    'Replied',
  ])
  await expect(
    page.getByLabel('Filter by status').locator('option').allTextContents(),
  ).resolves.toEqual(['All statuses', 'Unread', 'Read', 'Replied'])
  await message.getByRole('button', { name: 'View' }).click()
  const detail = page.getByRole('dialog', { name: 'Message details' })
  await detail.getByText('Feedback & Suggestions', { exact: true }).waitFor()
  await expect(detail.getByText('feedback', { exact: true }).count()).resolves.toBe(0)
  await page.keyboard.press('Escape')
  await detail.waitFor({ state: 'hidden' })

  await page.goto(`/admin?tab=waitlist&search=${tag}`)
  const entry = page.getByRole('row').filter({ hasText: `Rex ${tag}` })
  await entry.waitFor()
  await expect(entry.locator('td[data-label="Product"]').textContent()).resolves.toBe(
    'Starfinity Records',
  )
  await expect(entry.getByRole('combobox').locator('option:checked').textContent()).resolves.toBe(
    'Active (Opened Email)',
  )
  await expect(page.getByLabel('Product').locator('option').allTextContents()).resolves.toEqual([
    'All products',
    'Earth App',
    'Starfinity Publishing',
    'Starfinity Records',
    'Starfinity Studio',
    'Starfinity Universe',
  ])
  await context.close()
})

test('an empty result says whether the search or the filter matched nothing', async () => {
  const { page, context } = await openPage(browser)
  await signInByApi(page, 'full')
  const nobody = `nobody-${tag}`
  for (const [tab, filter, none] of [
    ['newsletter', '', 'No newsletter subscribers yet'],
    ['contacts', '', 'No contact messages yet'],
    ['contacts', '&status=replied', 'No contact messages with this status'],
    ['waitlist', '&product=studio', 'No waitlist entries found'],
    ['emails', '&type=reply', 'No emails found'],
  ] as const) {
    await page.goto(`/admin?tab=${tab}&search=${nobody}${filter}`)
    const expected = `Nothing matches “${nobody}”${filter ? ' under this filter' : ''}.`
    await page.getByText(expected, { exact: true }).waitFor()
    await expect(page.getByText(none).allInnerTexts(), tab).resolves.toEqual([])
  }
  // The filter alone: the spec's words for the waitlist, naming the product.
  await page.goto(`/admin?tab=waitlist&product=studio`)
  await page
    .getByText('No waitlist entries found for Starfinity Studio.', { exact: true })
    .waitFor()
  await context.close()
})
