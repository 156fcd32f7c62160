import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, onTestFinished, test } from 'vitest'

import { connectDatabase, launchBrowser, openPage, query, screenshot } from './helpers/browser'
import { adminConsoleErrors, notice, openTab, signIn } from './helpers/admin'

let browser: Browser
const tag = `c${Date.now()}`
/** Recipients of the campaign: more than one fan-out batch. */
const RECIPIENTS = 1200
/** Copies held back from the queue until the bar has been seen part of the way. */
const HELD = 300

beforeAll(async () => {
  browser = await launchBrowser()
  await query(
    `insert into waitlist_entries (email, name, product, status, joined_at)
     select 'camp' || n || '.' || $1 || '@example.com', 'Camp ' || n, 'records', 'inactive', now()
     from generate_series(1, ${RECIPIENTS}) n`,
    [tag],
  )
})
afterAll(async () => {
  await browser?.close()
})

/** Writes a draft in the composer and sends it to the whole waitlist, now or at a later time. */
const sendToWaitlist = async (page: Page, subject: string, sendAt?: string) => {
  await openTab(page, 'AI Email Composer')
  await page.getByRole('tab', { name: 'Email Preview' }).click()
  await page.getByRole('textbox', { name: /^Subject/ }).fill(subject)
  await page.getByRole('textbox', { name: /^Content/ }).fill('News for everyone on the waitlist.')
  await page.getByRole('tab', { name: 'Send Email' }).click()
  await page.getByLabel('Recipients').selectOption('all-waitlist')
  if (sendAt) {
    await page.getByLabel(/^Send at/).fill(sendAt)
    await screenshot(page, 'admin-composer-send-later')
  }
  const answered = page.waitForResponse((response) =>
    response.url().endsWith('/api/admin/ai/send-composed'),
  )
  await page.getByRole('button', { name: 'Send Email' }).click()
  const response = await answered
  await notice(page, 'Email Sent').waitFor()
  return { status: response.status(), body: (await response.json()) as { status?: string } }
}

/**
 * Holds back `count` of a campaign's copies that no sender has claimed yet: their email-log rows
 * are locked in an open transaction, and senders claim rows FOR UPDATE SKIP LOCKED, so they pass
 * them by as they pass rows another instance is claiming. However fast this machine sends the
 * rest, the campaign stays part-sent until `release` (at the latest when the test ends). Polls
 * until the campaign's fan-out has queued them.
 */
const holdBack = async (subject: string, count: number) => {
  const client = await connectDatabase()
  let open = true
  const release = async () => {
    if (!open) return
    open = false
    await client.query('commit')
    await client.end()
  }
  onTestFinished(release)
  await client.query('begin')
  for (const until = Date.now() + 60_000; ;) {
    // Rows this transaction holds already are returned again: the count is the total held.
    const held = await client.query(
      `select l.id from email_logs l join campaigns c on c.id = l.campaign_id
       where c.subject = $1 and l.status = 'queued' and l.claimed_by is null
       limit $2 for update of l skip locked`,
      [subject, count],
    )
    if (held.rowCount === count) return { release }
    if (Date.now() > until) throw new Error(`${count} copies of "${subject}" were never waiting`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

test('an all-waitlist send answers at once and its progress bar moves to 100 %', async () => {
  const { page, context, consoleErrors } = await openPage(browser)
  await signIn(page, 'full')
  // Its own subject per attempt (a retried test sends another campaign).
  const subject = `Campaign ${tag}-${Date.now().toString(36)}`
  // At once: the answer comes while the campaign is still being sent (202, "sending").
  const answer = await sendToWaitlist(page, subject)
  expect(answer).toEqual({ status: 202, body: expect.objectContaining({ status: 'sending' }) })
  await expect(notice(page, 'Campaign started').count()).resolves.toBe(1)
  const holding = holdBack(subject, HELD)
  holding.catch(() => undefined) // awaited below

  await openTab(page, 'Email Manager')
  const bar = page.getByRole('progressbar', { name: `Progress of ${subject}` })
  await bar.waitFor()
  const campaignRow = page.locator('li[data-campaign]').filter({ hasText: subject })
  // Read as the page updates itself (no reload): values on the way, then 100.
  const seen: number[] = []
  const readBar = async () => {
    const value = Number(await bar.getAttribute('aria-valuenow'))
    if (seen.at(-1) !== value) seen.push(value)
    return value
  }
  const held = await holding
  // Everything else goes out; the held copies keep the campaign sending, short of 100 %.
  await expect
    .poll(async () => (await readBar(), campaignRow.textContent()), {
      timeout: 60_000,
      interval: 200,
    })
    .toContain(`· ${HELD} remaining`)
  await expect(readBar()).resolves.toSatisfy((value: number) => value > 0 && value < 100)
  await expect(campaignRow.getAttribute('data-status')).resolves.toBe('sending')
  // The progress figures: sent, failed, remaining and interrupted, the rate and the finish.
  // (The seeded waitlist is in the audience too: the sent count is not this test's alone.)
  await expect(campaignRow.textContent()).resolves.toMatch(
    new RegExp(`\\d+ sent · 0 failed · ${HELD} remaining · 0 interrupted`),
  )
  await expect(campaignRow.locator('[data-rate]').textContent()).resolves.toMatch(
    /messages\/s · finishes about \d{2}:\d{2}|Waiting for the mail server/,
  )
  await expect(campaignRow.getByRole('button', { name: 'Pause' }).count()).resolves.toBe(1)
  await screenshot(page, 'admin-campaign-progress-midway')
  await held.release()
  await expect.poll(readBar, { timeout: 60_000, interval: 200 }).toBe(100)
  expect(seen.some((value) => value > 0 && value < 100)).toBe(true)
  expect(seen).toEqual([...seen].sort((a, b) => a - b))
  await expect(campaignRow.getAttribute('data-status')).resolves.toBe('sent')
  await expect(campaignRow.textContent()).resolves.toMatch(
    /\d+ sent · 0 failed · 0 remaining · 0 interrupted/,
  )
  const [stored] = await query<{ n: string }>(
    `select count(*) as n from email_logs l join campaigns c on c.id = l.campaign_id
     where c.subject = $1 and l.status = 'sent' and l.to_email like '%.' || $2 || '@example.com'`,
    [subject, tag],
  )
  expect(Number(stored.n)).toBe(RECIPIENTS)
  // The history beside it filled in while it ran, without a reload.
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `.${tag}@example.com` })
      .count(),
  ).resolves.toBeGreaterThan(0)
  // The bar's width transition has ended.
  await expect
    .poll(() => bar.evaluate((element) => element.getAnimations({ subtree: true }).length))
    .toBe(0)
  await screenshot(page, 'admin-campaign-progress-done')
  expect(adminConsoleErrors(consoleErrors)).toEqual([])
  await context.close()
}, 150_000)

test('a scheduled campaign shows its time and can be cancelled before it starts', async () => {
  const { page, context } = await openPage(browser)
  await signIn(page, 'full')
  const subject = `Later ${tag}-${Date.now().toString(36)}`
  const later = new Date(Date.now() + 86_400_000)
  const local = new Date(later.getTime() - later.getTimezoneOffset() * 60_000)
    .toISOString()
    .slice(0, 16)
  await sendToWaitlist(page, subject, local)
  await expect(notice(page, 'Campaign scheduled').count()).resolves.toBe(1)

  await openTab(page, 'Email Manager')
  const campaignRow = page.locator('li[data-campaign]').filter({ hasText: subject })
  await campaignRow.waitFor()
  await expect(campaignRow.getAttribute('data-status')).resolves.toBe('scheduled')
  await campaignRow.getByRole('button', { name: 'Cancel' }).click()
  await notice(page, 'Campaign cancelled').waitFor()
  await expect
    .poll(() => campaignRow.getAttribute('data-status'), { timeout: 10_000 })
    .toBe('cancelled')
  await expect(campaignRow.getByRole('button', { name: 'Cancel' }).count()).resolves.toBe(0)
  const [stored] = await query<{ status: string }>(
    'select status from campaigns where subject = $1',
    [subject],
  )
  expect(stored.status).toBe('cancelled')
  await screenshot(page, 'admin-campaign-cancelled')
  await context.close()
})
