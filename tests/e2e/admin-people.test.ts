import { text } from 'node:stream/consumers'

import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { openTab, signIn, visitorPost } from './helpers/admin'
import { launchBrowser, openPage, query, screenshot } from './helpers/browser'

let browser: Browser
const tag = `p${Date.now()}`
const email = `pat.${tag}@example.com`

beforeAll(async () => {
  browser = await launchBrowser()
  await visitorPost('/api/waitlist', { email, name: `Pat ${tag}`, product: 'records' })
  await visitorPost('/api/newsletter', { email, firstName: 'Pat' })
  await visitorPost('/api/contact', {
    name: `Pat ${tag}`,
    email,
    subject: `Question ${tag}`,
    message: 'When will the Earth app open for families?',
  })
})
afterAll(async () => {
  await browser?.close()
})

const stored = async () =>
  Number(
    (
      await query<{ n: string }>(
        `select (select count(*) from waitlist_entries where email = $1)
          + (select count(*) from newsletter_subscribers where email = $1)
          + (select count(*) from contact_messages where email = $1)
          + (select count(*) from consents where email = $1) as n`,
        [email],
      )
    )[0].n,
  )

/** The lists of the dashboard that hold people, each with its search box. */
const LISTS = [
  { tab: 'Waitlist Management', search: 'Search waitlist' },
  { tab: 'Newsletter', search: 'Search subscribers' },
  { tab: 'Contact Messages', search: 'Search messages' },
  { tab: 'Email Manager', search: 'Search emails' },
] as const

/** Opens a list's tab and searches it for the address (the search lands in the address bar). */
const searchList = async (page: Page, list: (typeof LISTS)[number]) => {
  await openTab(page, list.tab)
  await page.getByLabel(list.search, { exact: true }).fill(email)
  await expect
    .poll(() => new URL(page.url()).searchParams.get('search'), { timeout: 10_000 })
    .toBe(email)
}

const rowsOf = (page: Page) => page.getByRole('row').filter({ hasText: email })

test('a full admin finds one person, downloads their records and erases them', async () => {
  expect(await stored()).toBeGreaterThanOrEqual(5)
  const { page, context, consoleErrors } = await openPage(browser)
  await signIn(page, 'full')
  // Before the erasure, the search of each list the visitor posted to finds the person.
  for (const list of LISTS.slice(0, 3)) {
    await searchList(page, list)
    await rowsOf(page).first().waitFor()
  }
  await openTab(page, 'People')
  await page.getByLabel('Email address').fill(email.toUpperCase())
  await page.getByRole('button', { name: 'Look up' }).click()
  await page.getByText(new RegExp(`^\\d+ records for ${email.replace(/\./g, '\\.')}$`)).waitFor()
  for (const section of [
    'Waitlist entries',
    'Newsletter subscribers',
    'Contact messages',
    'Consents',
  ])
    await page.getByRole('region', { name: section }).waitFor()
  await expect(
    page.getByRole('region', { name: 'Contact messages' }).textContent(),
  ).resolves.toContain(`Question ${tag}`)
  await screenshot(page, 'admin-people')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export JSON' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^person-export-\d{4}-\d{2}-\d{2}\.json$/)
  // Read as a stream: the path of a download is only known to a browser launched by this process.
  const exported = JSON.parse(await text(await download.createReadStream()))
  expect(exported.email).toBe(email)
  expect(exported.records['waitlist-entries'][0]).toMatchObject({ email, name: `Pat ${tag}` })

  await page.getByRole('button', { name: 'Erase', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Erase this person?' })
  await expect(dialog.textContent()).resolves.toContain('cannot be undone')
  await screenshot(page, 'admin-people-erase')
  await dialog.getByRole('button', { name: 'Erase permanently' }).click()
  await page.getByText(`No records found for ${email}.`).waitFor()
  expect(await stored()).toBe(0)

  // Every tab's search for the address now finds nothing, not even for a moment: the answers the
  // lists gave before the erasure are not shown again.
  for (const list of LISTS) {
    await searchList(page, list)
    await page.getByText(`Nothing matches “${email}”.`).waitFor()
    await expect(rowsOf(page).count(), list.tab).resolves.toBe(0)
  }
  await screenshot(page, 'admin-people-erased-email-manager')
  expect(consoleErrors).toEqual([])
  await context.close()
  // Seven list searches, the lookup, the download and the erasure: longer than one page's test.
}, 150_000)

test('demo admins do not get the People tab', async () => {
  const { page, context } = await openPage(browser)
  await signIn(page, 'demo')
  await page.getByRole('tab', { name: 'Overview' }).waitFor()
  await expect(page.getByRole('tab', { name: 'People' }).count()).resolves.toBe(0)
  await page.goto('/admin?tab=people')
  await expect(
    page.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected'),
  ).resolves.toBe('true')
  await context.close()
})
