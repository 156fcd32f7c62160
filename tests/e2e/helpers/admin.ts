import type { Page } from 'playwright-core'
import { inject } from 'vitest'

import { personsUserAgent } from './browser'
import { freshRecoveryCode, proofFor, totpCode } from './second-factor'
import { E2E_USERS } from './users'

/** Posts to a public endpoint of the test server, as a visitor would. */
export const visitorPost = async (path: string, body: unknown) => {
  const response = await fetch(`${inject('baseURL')}${path}`, {
    method: 'POST',
    // As a visitor's browser sends it (Node's own "node" is a bot, and bots are not counted).
    headers: { 'Content-Type': 'application/json', 'User-Agent': personsUserAgent() },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
}

/** A waitlist entry, a subscriber, two contact messages, a parent and page views, all unique. */
export const seedVisitors = async (tag: string) => {
  const people = {
    waitlist: `wait.${tag}@example.com`,
    subscriber: `news.${tag}@example.com`,
    contactA: `ask.${tag}@example.com`,
    contactB: `note.${tag}@example.com`,
    parent: `parent.${tag}@example.com`,
  }
  await visitorPost('/api/waitlist', {
    email: people.waitlist,
    name: `Wanda ${tag}`,
    product: 'records',
    referralSource: 'Friend Referral',
  })
  await visitorPost('/api/newsletter', { email: people.subscriber, interests: ['homepage'] })
  await visitorPost('/api/contact', {
    name: `Asha ${tag}`,
    email: people.contactA,
    subject: `Question ${tag}`,
    message: 'When will the Earth app open for families?',
  })
  await visitorPost('/api/contact', {
    name: `Noel ${tag}`,
    email: people.contactB,
    subject: `Note ${tag}`,
    message: 'Thank you for the lovely book and songs.',
  })
  await visitorPost('/api/parent-engagement', {
    name: `Pia ${tag}`,
    email: people.parent,
    childAge: '5-6',
    bookAttraction: 'Nature connection',
    source: 'parent_qr_connect',
  })
  // Enough views of /about that it ranks in the Overview's top ten whatever other browser tests
  // (running beside this one, on the same database) visited.
  for (const page of ['/', ...Array<string>(40).fill('/about'), '/']) {
    await visitorPost('/api/engagement/event', {
      eventType: 'page_view',
      eventData: '{}',
      page,
      source: 'e2e',
      sessionId: `session-${tag}`,
    })
  }
  return people
}

/**
 * Signs a seeded user (or a test's own account) in at /admin/login; waits for the dashboard. An
 * account with a second factor (every full admin) answers the second step as a person would: with a
 * recovery code of its own for this sign-in, or, on its first sign-in, by setting up an
 * authenticator app from the key shown (`totp` then holds that key).
 */
export const signIn = async (
  page: Page,
  who: keyof typeof E2E_USERS | { username: string; password: string },
) => {
  const user = typeof who === 'string' ? E2E_USERS[who] : who
  await page.goto('/admin/login')
  await page.getByLabel('Username').fill(user.username)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  const signedIn = notice(page, 'Login Successful')
  const confirm = page.getByRole('heading', { name: 'Confirm it is you' })
  const setUp = page.getByRole('heading', { name: 'Set up a second factor' })
  await signedIn.or(confirm).or(setUp).first().waitFor()
  let totp: string | undefined
  if (await confirm.isVisible()) {
    await page
      .locator('input[name="second-factor-code"]')
      .fill(await freshRecoveryCode(user.username))
    await page.getByRole('button', { name: 'Verify' }).click()
  } else if (await setUp.isVisible()) {
    await page.getByText('Cannot scan? Enter this key instead').click()
    totp = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '')
    await page.locator('input[name="totp-code"]').fill(totpCode(totp, user.username))
    await page.getByRole('button', { name: 'Confirm app' }).click()
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click()
  }
  await page.waitForURL(/\/admin\/?$/)
  return { totp }
}

/**
 * Signs a seeded user (or a test's own account) in for the page's browser context through the
 * endpoint the login form posts to: the same session cookie as `signIn`, without loading the login
 * page and the dashboard, for a test that goes elsewhere next (the form itself is `signIn`'s, used
 * by the dashboard's and the account's tests). The page stays where it is.
 */
export const signInByApi = async (
  page: Page,
  who: keyof typeof E2E_USERS | { username: string; password: string },
) => {
  const { username, password } = typeof who === 'string' ? E2E_USERS[who] : who
  const post = (data: unknown) =>
    page.context().request.post('/api/users/login', {
      data,
      headers: { 'user-agent': personsUserAgent() },
    })
  let response = await post({ username, password })
  // An account with a second factor (every full admin): the second step, as a person would.
  if (response.status() === 401) {
    const { secondFactor } = (await response.json()) as { secondFactor?: never }
    if (secondFactor)
      response = await post({
        username,
        password,
        secondFactor: await proofFor(username, secondFactor),
      })
  }
  if (!response.ok()) throw new Error(`sign-in of ${username}: ${response.status()}`)
}

/** The notice (one of Payload's toasts) on screen with this text. */
export const notice = (page: Page, text: string | RegExp) =>
  page.locator('.payload-toast-container [data-sonner-toast]').filter({ hasText: text })

export const openTab = async (page: Page, name: string) => {
  await page.getByRole('tab', { name, exact: true }).click()
  await page.getByRole('tabpanel', { name }).waitFor()
}

/**
 * Console errors, less a 404 of the admin's own making: reading a stored preference
 * (GET /api/payload-preferences/<key>) answers 404 until one has been saved.
 */
export const adminConsoleErrors = (errors: string[]) =>
  errors.filter(
    (error) => !/status of 404 \(Not Found\) \S*\/api\/payload-preferences\//.test(error),
  )
