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
  await page.getByRole('table').or(page.getByText('No emails found')).waitFor()
  await screenshot(page, 'admin-demo-email-manager')

  // AI help is refused with the server's message.
  await openTab(page, 'AI Analytics')
  await page.getByLabel('Question').fill('How many signups this week?')
  await page.getByRole('button', { name: 'Ask AI' }).click()
  const refused = notice(page, 'Analytics Error')
  await refused.waitFor()
  await expect(refused.textContent()).resolves.toContain('AI assistance is disabled in demo mode')
  await context.close()
})

test("a demo admin sees Payload's own collection pages masked, and read-only", async () => {
  const { page, context } = await openPage(browser)
  await page.goto('/admin/login')
  await page.getByLabel('Username').fill('e2e-demo')
  await page.getByLabel('Password').fill('e2e-demo-password-long')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL(/\/admin\/?$/)

  await page.goto('/admin/collections/contact-messages')
  const table = page.getByRole('table')
  await table.waitFor()
  await page
    .getByText(`Asha ${tag}`.slice(0, 1) + '•••')
    .first()
    .waitFor()
  const list = (await table.textContent()) ?? ''
  expect(list).toContain('•••')
  expect(list).not.toContain(people.contactA)
  expect(list).not.toContain(`Asha ${tag}`)
  await screenshot(page, 'admin-demo-payload-contacts')

  const [row] = await query('select id from contact_messages where email = $1', [people.contactA])
  await page.goto(`/admin/collections/contact-messages/${(row as { id: number }).id}`)
  const email = page.locator('input[name="email"]')
  await email.waitFor()
  await expect(email.inputValue()).resolves.toBe(`a•••@example.com`)
  await expect(email.isEditable()).resolves.toBe(false)
  expect(await page.content()).not.toContain(people.contactA)
  await screenshot(page, 'admin-demo-payload-contact')
  await context.close()
})
