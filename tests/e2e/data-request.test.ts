import { createHash, randomBytes } from 'node:crypto'

import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { visitorPost } from './helpers/admin'
import { MOBILE, launchBrowser, openPage, query, screenshot } from './helpers/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const rowsOf = async (email: string) =>
  Number(
    (
      await query<{ n: string }>(
        `select (select count(*) from waitlist_entries where email = $1)
          + (select count(*) from email_preferences where email = $1)
          + (select count(*) from consents where email = $1)
          + (select count(*) from data_requests where email = $1) as n`,
        [email],
      )
    )[0].n,
  )

test('a visitor asks from the preferences page, then erases with the emailed link', async () => {
  const email = `self.${Date.now()}@example.com`
  await visitorPost('/api/waitlist', { email, name: 'Sam Self', product: 'records' })
  const unsubscribe = randomBytes(24).toString('base64url')
  await query(
    `insert into email_preferences (email, unsubscribe_token, last_updated, updated_at, created_at)
     values ($1, $2, now(), now(), now())`,
    [email, unsubscribe],
  )
  const { page, context, consoleErrors } = await openPage(browser, { viewport: MOBILE })

  // The preferences page: "Erase my data" emails a link; nothing is erased yet.
  await page.goto(`/email/preferences?token=${unsubscribe}`)
  await page.getByRole('heading', { name: 'Your data' }).waitFor()
  await page.getByRole('button', { name: 'Erase my data' }).click()
  await page.waitForURL('**/email/preferences?token=*&status=data-requested')
  await page.getByRole('status').filter({ hasText: 'Check your inbox' }).waitFor()
  await screenshot(page, 'email-preferences-data')
  const sent = await query<{ message: string }>(
    `select message from email_logs where to_email = $1 and subject = 'Confirm the erasure of your data'`,
    [email],
  )
  expect(sent).toHaveLength(1)
  expect(sent[0].message).toContain('/email/data?token=[redacted]')
  expect(await query('select kind from data_requests where email = $1', [email])).toEqual([
    { kind: 'erase' },
  ])

  // The link (its token as the sent email carries it; the log keeps it redacted).
  const link = randomBytes(32).toString('base64url')
  await query(`update data_requests set token_hash = $2 where email = $1`, [
    email,
    createHash('sha256').update(link).digest('hex'),
  ])
  await page.goto(`/email/data?token=${link}`)
  await expect(page.getByText(`Erase everything we hold about ${email}`).count()).resolves.toBe(1)
  // Opening the page (what a mail scanner does) erased nothing.
  expect(await rowsOf(email)).toBeGreaterThanOrEqual(4)
  await screenshot(page, 'email-data-erase')
  await page.getByRole('button', { name: 'Erase my data' }).click()
  await page.waitForURL('**/email/data?status=erased')
  await page.getByRole('status').filter({ hasText: 'is erased' }).waitFor()
  expect(await rowsOf(email)).toBe(0)

  // The same link again: not valid any more.
  await page.goto(`/email/data?token=${link}`)
  await page.getByRole('alert').filter({ hasText: 'This link is not valid' }).waitFor()
  expect(consoleErrors).toEqual([])
  await context.close()
})
