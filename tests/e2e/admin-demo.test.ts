import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { launchBrowser, openPage, query, screenshot } from './helpers/browser'
import { notice, openTab, seedVisitors } from './helpers/admin'

let browser: Browser
let people: Awaited<ReturnType<typeof seedVisitors>>
const tag = `m${Date.now()}`

beforeAll(async () => {
  browser = await launchBrowser()
  people = await seedVisitors(tag)
})
afterAll(async () => {
  await browser?.close()
})

test('a demo admin sees the badge, greyed controls, masked data and a blocked send', async () => {
  const { page, context } = await openPage(browser)
  await page.goto('/admin/login')
  await page.getByLabel('Username').fill('e2e-demo')
  await page.getByLabel('Password').fill('e2e-demo-password-long')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await notice(page, 'Welcome to the demo dashboard (read-only)').waitFor()
  await page.waitForURL(/\/admin\/?$/)
  await page.getByText('Demo Mode', { exact: true }).waitFor()

  await openTab(page, 'Waitlist Management')
  const table = page.getByRole('table')
  await table.waitFor()
  const text = (await table.textContent()) ?? ''
  expect(text).toContain('•••')
  expect(text).not.toContain(people.waitlist)
  expect(text).not.toContain(`Wanda ${tag}`)
  await expect(page.getByLabel('Search waitlist').isDisabled()).resolves.toBe(true)

  const send = page.getByRole('button', { name: 'Send Email' }).first()
  await expect(send.getAttribute('title')).resolves.toBe('Read-only in demo mode')
  const opacity = await send.evaluate((element) => Number(getComputedStyle(element).opacity))
  expect(opacity).toBeLessThan(1)
  await screenshot(page, 'admin-demo-waitlist')

  await send.click()
  await page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click()
  const blocked = notice(page, 'Failed to send email')
  await blocked.waitFor()
  await expect(blocked.textContent()).resolves.toContain(
    'Email sending is disabled in demo mode. Full access available to authenticated users.',
  )
  await screenshot(page, 'admin-demo-blocked-send')
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()

  // A status change is refused by the server and nothing changes.
  await page.getByRole('row').nth(1).getByRole('combobox').selectOption('active')
  await notice(page, 'Update failed').waitFor()
  expect(
    await query('select status from waitlist_entries where email = $1', [people.waitlist]),
  ).toEqual([{ status: 'inactive' }])

  await openTab(page, 'Contact Messages')
  const contacts = (await page.getByRole('table').textContent()) ?? ''
  expect(contacts).not.toContain(people.contactA)
  expect(contacts).toContain('•••')
  await screenshot(page, 'admin-demo-contacts')

  await openTab(page, 'Email Manager')
  await screenshot(page, 'admin-demo-email-manager')
  await context.close()
})
