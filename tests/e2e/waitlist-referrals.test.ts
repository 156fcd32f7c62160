import { createHmac } from 'node:crypto'

import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { openTab, signIn, visitorPost } from './helpers/admin'
import { launchBrowser, openPage, query, screenshot } from './helpers/browser'
import { sessionOf } from './forms-helpers'
import { serverEnv } from './helpers/server'
import { WAITLIST_JOINED_TEXT } from '@/components/site/waitlist/WaitlistForm'
import { WAITLIST_CONFIRM_EXPIRED } from '@/lib/email/waitlist'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/**
 * The confirm link's token of a waitlist confirmation email, as the server derives it when it
 * sends the email (decision 61): what the person finds in their inbox.
 */
const confirmTokenOf = async (email: string) => {
  const [log] = await query<{ message_id: string }>(
    `select l.message_id from email_logs l join waitlist_entries w on w.id = l.waitlist_entry_id
     where w.email = $1 and l.email_type = 'confirmation' order by l.id desc limit 1`,
    [email],
  )
  const key = createHmac('sha256', serverEnv('').PAYLOAD_SECRET!)
    .update('email-link-tokens')
    .digest()
  return createHmac('sha256', key).update(`waitlist-confirm:${log!.message_id}`).digest('base64url')
}

/**
 * Signs up through the page's form: the success notice tells no place or link (decision 0163), the
 * email does.
 */
const signUp = async (page: Page, email: string, name: string) => {
  // After hydration: a press before it would submit the form natively and reload the page.
  await sessionOf(page)
  const form = page.getByRole('form', { name: 'Join the waitlist' })
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('First name').fill(name)
  await form.getByRole('button', { name: 'Join the Waitlist' }).click()
  const success = page.getByRole('status').filter({ hasText: 'Successfully joined waitlist!' })
  await success.waitFor()
  await expect(success.textContent()).resolves.toContain(WAITLIST_JOINED_TEXT)
}

/** The place the status page shows. */
const placeShown = async (page: Page) => {
  const text = (await page.getByTestId('waitlist-position').textContent()) ?? ''
  return Number(/number (\d+) of/.exec(text)?.[1])
}

/**
 * Confirms through the emailed link's page and reads the status page it leads to: the place and
 * the referral link.
 */
const confirmAndReadPlace = async (page: Page, email: string) => {
  await page.goto(`/waitlist/confirm?token=${await confirmTokenOf(email)}`)
  await page
    .getByRole('button', { name: 'Yes, this is my address. Keep my place in line.' })
    .click()
  await page.waitForURL('**/waitlist/status?token=*')
  await page.getByText('Your place on the waitlist is confirmed.').waitFor()
  const link = await page.getByLabel('Your referral link').inputValue()
  return { position: await placeShown(page), link }
}

test('a referral link from the status page brings a friend; the referrer moves up', async () => {
  const stamp = Date.now()
  const ahead = `ref.ahead.${stamp}@example.com`
  const first = `ref.first.${stamp}@example.com`
  const second = `ref.second.${stamp}@example.com`
  const friend = `ref.friend.${stamp}@example.com`
  // Someone already waits for this product, so the referrer has a place to move up to.
  await visitorPost('/api/waitlist', { email: ahead, name: 'Ada', product: 'universe' })

  // Two signups for the same product, each confirmed through its email: the second is behind the
  // first; each has its own link, shown and copied on the status page.
  const one = await openPage(browser)
  await one.context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await one.page.goto('/waitlist?product=universe')
  await signUp(one.page, first, 'Orla')
  await screenshot(one.page, 'waitlist-joined-notice')
  const firstJoined = await confirmAndReadPlace(one.page, first)
  expect(firstJoined.position).toBeGreaterThan(1)
  expect(firstJoined.link).toMatch(/\/waitlist\?product=universe&ref=[A-Za-z0-9]{10}$/)
  await one.page.getByRole('button', { name: 'Copy link' }).click()
  await one.page.getByRole('button', { name: 'Link copied!' }).waitFor()
  await expect(one.page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(
    firstJoined.link,
  )
  await screenshot(one.page, 'waitlist-referral-link')
  const two = await openPage(browser)
  await two.page.goto('/waitlist?product=universe')
  await signUp(two.page, second, 'Teo')
  const secondJoined = await confirmAndReadPlace(two.page, second)
  // Behind the first (browser tests beside this one may sign up for the same product in between).
  expect(secondJoined.position).toBeGreaterThan(firstJoined.position)
  expect(secondJoined.link).not.toBe(firstJoined.link)

  // A friend opens the first person's link and joins through it.
  const three = await openPage(browser)
  await three.page.goto(firstJoined.link)
  await three.page.getByText('A friend invited you to this waitlist.').waitFor()
  await screenshot(three.page, 'waitlist-referral-invited')
  await signUp(three.page, friend, 'Ines')
  const [referral] = await query<{ referrer: string }>(
    `select r.email as referrer from waitlist_entries w join waitlist_entries r on r.id = w.referred_by_id
     where w.email = $1`,
    [friend],
  )
  expect(referral).toEqual({ referrer: first })

  // The friend confirms (the status page shows their own place, behind both), then the referrer
  // looks again: one counted referral moves them one place up (the default), past the person ahead.
  const friendJoined = await confirmAndReadPlace(three.page, friend)
  expect(friendJoined.position).toBeGreaterThan(secondJoined.position)
  await screenshot(three.page, 'waitlist-status-friend')
  await one.page.reload()
  const place = await placeShown(one.page)
  expect(place).toBe(firstJoined.position - 1)
  await expect(one.page.getByTestId('waitlist-referrals').textContent()).resolves.toContain(
    '1 friend has joined through your link',
  )
  await screenshot(one.page, 'waitlist-status-referrer')

  // The Waitlist tab shows the places, the referral count and the leaderboard.
  const admin = await openPage(browser)
  await signIn(admin.page, 'full')
  await openTab(admin.page, 'Waitlist Management')
  await admin.page.getByLabel('Product').selectOption('universe')
  await admin.page.getByLabel('Search waitlist').fill(`.${stamp}@`)
  const row = (email: string) => admin.page.getByRole('row').filter({ hasText: email })
  await row(first).waitFor()
  const headers = await admin.page.getByRole('columnheader').allTextContents()
  const cell = async (email: string, header: string) =>
    (await row(email).getByRole('cell').allTextContents())[headers.indexOf(header)]
  await expect(cell(first, 'Position')).resolves.toBe(String(place))
  await expect(cell(first, 'Referrals')).resolves.toBe('1')
  await expect(cell(ahead, 'Position')).resolves.toBe(String(firstJoined.position))
  await expect(cell(second, 'Position')).resolves.toBe(String(secondJoined.position))
  const board = admin.page.getByRole('region', { name: 'Referral leaderboard' })
  await expect(board.textContent()).resolves.toContain(first)
  await screenshot(admin.page, 'admin-waitlist-referrals')
  for (const opened of [one, two, three, admin]) await opened.context.close()
})

test('an expired confirm link says so, and joining again with the address sends one that works', async () => {
  const email = `ref.late.${Date.now()}@example.com`
  await visitorPost('/api/waitlist', { email, name: 'Ola', product: 'records' })
  const stale = await confirmTokenOf(email)
  await query(
    `update waitlist_entries set confirm_expires = now() - interval '1 second' where email = $1`,
    [email],
  )
  const { page, context } = await openPage(browser)
  await page.goto(`/waitlist/confirm?token=${stale}`)
  await page
    .getByRole('button', { name: 'Yes, this is my address. Keep my place in line.' })
    .click()
  await page.waitForURL('**/waitlist/confirm?status=expired&product=records')
  await page.getByRole('alert').filter({ hasText: WAITLIST_CONFIRM_EXPIRED }).waitFor()
  await screenshot(page, 'waitlist-confirm-expired')

  // One email per address from the forms every few minutes: as if the first were an hour old.
  await query(
    `update rate_limits set window_start = now() - interval '1 hour' where key like 'signup-mail:%'`,
  )
  await page.getByRole('link', { name: 'Join the waitlist again' }).click()
  await page.waitForURL('**/waitlist?product=records')
  await page.getByRole('heading', { level: 1, name: 'Join the Records Waitlist' }).waitFor()
  await signUp(page, email, 'Ola')
  const fresh = await confirmTokenOf(email)
  expect(fresh).not.toBe(stale)
  const place = await confirmAndReadPlace(page, email)
  expect(place.position).toBeGreaterThan(0)
  await expect(
    query('select id from waitlist_entries where email = $1', [email]),
  ).resolves.toHaveLength(1)
  await context.close()
})
