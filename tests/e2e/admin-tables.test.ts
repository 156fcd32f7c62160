import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { DESKTOP, MOBILE, launchBrowser, openPage, query, screenshot } from './helpers/browser'
import { signIn, signInByApi } from './helpers/admin'

let browser: Browser
const tag = `t${Date.now()}`
/** A 300-character subject without a space, and a 254-character address. */
const subject = `${tag}${'Z'.repeat(300 - tag.length)}`
const domain = `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.example`
const address = `${tag}.${'a'.repeat(254 - tag.length - 2 - domain.length)}@${domain}`

beforeAll(async () => {
  expect(subject).toHaveLength(300)
  expect(address).toHaveLength(254)
  browser = await launchBrowser()
  await query(
    `insert into contact_messages (name, email, subject, message, submitted_at)
     values ($1, $2, $3, 'A message with a very long subject line.', now())`,
    [`Long ${tag}`, address, subject],
  )
  await query(
    `insert into waitlist_entries (email, name, product, joined_at) values ($1, $2, 'records', now())`,
    [address, `Long ${tag}`],
  )
  await query(
    `insert into newsletter_subscribers (email, first_name, subscribed_at) values ($1, $2, now())`,
    [address, `Long ${tag}`],
  )
})
afterAll(async () => {
  await browser?.close()
})

/** How far the table, its panel and the page reach past their boxes (0 when nothing overflows). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const table = document.querySelector('[role="tabpanel"] table') as HTMLElement
    const frame = table.parentElement as HTMLElement
    const panel = table.closest('section') as HTMLElement
    return {
      table: Math.max(0, table.getBoundingClientRect().width - frame.clientWidth),
      frame: Math.max(0, frame.scrollWidth - frame.clientWidth),
      panel: Math.max(0, panel.scrollWidth - panel.clientWidth),
      page: Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
    }
  })

/** Whether the element lies inside the viewport's width. */
const isWithinWidth = async (page: Page, selector: ReturnType<Page['locator']>) => {
  const box = await selector.boundingBox()
  const width = page.viewportSize()?.width ?? 0
  return box !== null && box.x >= 0 && box.x + box.width <= width
}

const NO_OVERFLOW = { table: 0, frame: 0, panel: 0, page: 0 }

for (const [size, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  describe(`admin tables with long values, ${size}`, () => {
    test('Contact Messages stays in its panel; the long subject is clipped, whole on hover and in the detail', async () => {
      const { page, context } = await openPage(browser, { viewport })
      await signInByApi(page, 'full')
      await page.goto(`/admin?tab=contacts&search=${tag}`)
      const row = page.getByRole('row').filter({ hasText: `Long ${tag}` })
      await row.waitFor()
      await expect(overflow(page)).resolves.toEqual(NO_OVERFLOW)
      await expect(row.locator(`[title="${subject}"]`).count()).resolves.toBe(1)
      await expect(row.locator(`[title="${address}"]`).count()).resolves.toBe(1)
      // The columns that matter are on screen without scrolling sideways.
      for (const column of ['Received', 'Status'])
        await expect(isWithinWidth(page, row.locator(`td[data-label="${column}"]`))).resolves.toBe(
          true,
        )
      await expect(isWithinWidth(page, row.getByRole('combobox'))).resolves.toBe(true)
      await expect(isWithinWidth(page, row.getByRole('button', { name: 'Reply' }))).resolves.toBe(
        true,
      )
      await screenshot(page, `admin-table-contacts-${size}`)

      await row.getByRole('button', { name: 'View' }).click()
      const dialog = page.getByRole('dialog', { name: 'Message details' })
      await dialog.waitFor()
      await expect(dialog.getByText(subject).count()).resolves.toBe(1)
      await expect(isWithinWidth(page, dialog)).resolves.toBe(true)
      await expect(overflow(page)).resolves.toEqual(NO_OVERFLOW)
      await context.close()
    })

    test('Waitlist and Newsletter stay in their panels with a 254-character address', async () => {
      const { page, context } = await openPage(browser, { viewport })
      await signInByApi(page, 'full')
      await page.goto(`/admin?tab=waitlist&search=${tag}`)
      const entry = page.getByRole('row').filter({ hasText: `Long ${tag}` })
      await entry.waitFor()
      await expect(overflow(page)).resolves.toEqual(NO_OVERFLOW)
      await expect(
        isWithinWidth(page, entry.getByRole('button', { name: 'Send Email' })),
      ).resolves.toBe(true)
      await screenshot(page, `admin-table-waitlist-${size}`)

      await page.goto(`/admin?tab=newsletter&search=${tag}`)
      const subscriber = page.getByRole('row').filter({ hasText: `Long ${tag}` })
      await subscriber.waitFor()
      await expect(overflow(page)).resolves.toEqual(NO_OVERFLOW)
      await expect(subscriber.locator(`[title="${address}"]`).count()).resolves.toBe(1)
      await context.close()
    })
  })
}

test('on a phone every tab is in view without scrolling sideways', async () => {
  const { page, context } = await openPage(browser, { viewport: MOBILE })
  await signIn(page, 'full')
  const tabs = page.getByRole('tab')
  // The spec's nine, Speed and System.
  await expect(tabs.count()).resolves.toBe(11)
  for (const tab of await tabs.all()) await expect(isWithinWidth(page, tab)).resolves.toBe(true)
  await page.getByRole('tab', { name: 'Email Manager' }).click()
  const panel = page.getByRole('tabpanel', { name: 'Email Manager' })
  await panel.waitFor()
  await expect.poll(() => panel.locator('[aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0)
  await expect(
    page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).resolves.toBeLessThanOrEqual(0)
  await screenshot(page, 'admin-tabs-mobile')
  await context.close()
})
