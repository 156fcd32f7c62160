import AxeBuilder from '@axe-core/playwright'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { holdRequests, sessionOf, watchErrors } from './forms-helpers'
import {
  MOBILE,
  closeNotice,
  confirmSubscriber,
  launchBrowser,
  openPage,
  query,
  screenshot,
} from './helpers/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const subscriber = async (email: string) => {
  const rows = await query<{ id: number; first_name: string | null; consent_source: string }>(
    'select id, first_name, consent_source from newsletter_subscribers where email = $1',
    [email],
  )
  if (!rows[0]) return undefined
  const interests = await query<{ text: string }>(
    `select v.text from newsletter_subscribers s,
       jsonb_array_elements_text(s.interests) with ordinality v(text, n) where s.id = $1 order by v.n`,
    [rows[0].id],
  )
  return { ...rows[0], interests: interests.map((row) => row.text) }
}

test.each([
  ['/waitlist', 'Join the Earth App Waitlist'],
  ['/contact', 'Connect with Purpose'],
  ['/parent-connect', 'Parent Connect'],
  ['/community', 'Welcome to the Starfinity Community'],
  ['/universe', 'The Starfinity Universe'],
  ['/about', 'Meet Elena Starling'],
])('%s loads with its heading, one h1 and no console error at 360 px', async (path, heading) => {
  const { page, context } = await openPage(browser, {
    viewport: { width: 360, height: 740 },
  })
  const consoleErrors = watchErrors(page)
  const response = await page.goto(path)
  expect(response?.status()).toBe(200)
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
  await expect(page.locator('h1').count()).resolves.toBe(1)
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
  await screenshot(page, `pages-forms-360${path.replace('/', '-')}`)
  expect(consoleErrors).toEqual([])
  await context.close()
})

test.each(['/waitlist', '/contact', '/parent-connect', '/community', '/universe', '/about'])(
  '%s has no serious or critical accessibility violation',
  async (path) => {
    const { page, context } = await openPage(browser)
    await page.goto(path)
    await page.locator('h1').waitFor()
    const { violations } = await new AxeBuilder({ page }).analyze()
    const severe = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' | ')}`,
      )
    expect(severe).toEqual([])
    await context.close()
  },
)

test('community: first name and email, pending text, welcome, stored row, duplicate', async () => {
  const { page, context } = await openPage(browser)
  const consoleErrors = watchErrors(page)
  await page.goto('/community')
  const form = page.getByRole('form', { name: 'Newsletter signup' })
  await expect(form.getByLabel('First name').getAttribute('required')).resolves.not.toBeNull()
  await expect(form.getByLabel('Email address').getAttribute('required')).resolves.not.toBeNull()

  const email = `community.${Date.now()}@example.com`
  await form.getByLabel('First name').fill('Sol')
  await form.getByLabel('Email address').fill(email)
  const release = await holdRequests(page, '**/api/newsletter')
  await form.getByRole('button', { name: 'Join Community' }).click()
  await form.getByRole('button', { name: 'Joining Community...' }).waitFor()
  release()
  const welcome = page.getByRole('status').filter({ hasText: 'Welcome to the family!' })
  await welcome.waitFor()
  await expect(form.getByLabel('Email address').inputValue()).resolves.toBe('')
  await expect(subscriber(email)).resolves.toEqual(
    expect.objectContaining({ first_name: 'Sol', consent_source: 'community-page' }),
  )
  await expect
    .poll(
      async () =>
        (
          await query(
            `select id from engagement_events where event_type = 'signup' and source = 'community-page'
             and session_id = $1`,
            [await sessionOf(page)],
          )
        ).length,
    )
    .toBe(1)
  await confirmSubscriber(email)

  // A confirmed subscriber again: the same welcome (the email tells them, decision 0163).
  await closeNotice(welcome)
  await form.getByLabel('First name').fill('Sol')
  await form.getByLabel('Email address').fill(email)
  await form.getByRole('button', { name: 'Join Community' }).click()
  await welcome.waitFor()
  await expect(form.getByLabel('Email address').inputValue()).resolves.toBe('')
  await expect(
    query('select id from newsletter_subscribers where email = $1', [email]),
  ).resolves.toHaveLength(1)
  expect(consoleErrors).toEqual([])
  await context.close()
})

test('community: Explore the Full Ecosystem goes home to the ecosystem section', async () => {
  const { page, context } = await openPage(browser)
  await page.goto('/community')
  await page.getByRole('link', { name: 'Explore the Full Ecosystem' }).click()
  await page.waitForURL((url) => url.pathname === '/' && url.hash === '#ecosystem')
  await expect
    .poll(() =>
      page.evaluate(() => document.getElementById('ecosystem')?.getBoundingClientRect().top),
    )
    .toBeLessThan(200)
  await expect(page.evaluate(() => window.scrollY)).resolves.toBeGreaterThan(200)
  await context.close()
})

test('universe: Follow without an email asks for one and scrolls to the form', async () => {
  const { page, context } = await openPage(browser, { viewport: MOBILE })
  await page.goto('/universe')
  const form = page.locator('#universe-signup')
  await page.getByRole('button', { name: 'Follow Starfinity Wild' }).click()
  const notice = page.getByRole('alert').filter({ hasText: 'Email required' })
  await notice.waitFor()
  await expect(notice.textContent()).resolves.toContain(
    'Please enter your email in the subscription form below to follow this universe.',
  )
  await expect
    .poll(() => form.evaluate((element) => element.getBoundingClientRect().top))
    .toBeLessThan(844)
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('type')))
    .toBe('email')
  await screenshot(page, 'universe-mobile-email-required')
  await context.close()
})

test('universe: Follow with an email subscribes to that universe; a known address is answered alike', async () => {
  const { page, context } = await openPage(browser)
  const consoleErrors = watchErrors(page)
  await page.goto('/universe')
  const form = page.getByRole('form', { name: 'Newsletter signup' })
  const email = `universe.${Date.now()}@example.com`
  await form.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Follow Starfinity Sci-Fi' }).click()
  const notice = page.getByRole('status').filter({ hasText: 'Successfully subscribed!' })
  await notice.waitFor()
  await expect(notice.textContent()).resolves.toContain('Starfinity Sci-Fi')
  await expect(subscriber(email)).resolves.toMatchObject({ interests: ['sci-fi'] })
  await confirmSubscriber(email)

  await closeNotice(notice)
  await form.getByLabel('Email address').fill(email)
  const release = await holdRequests(page, '**/api/newsletter')
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await form.getByRole('button', { name: 'Subscribing...' }).waitFor()
  release()
  const known = page.getByRole('status').filter({ hasText: 'Successfully subscribed!' })
  await known.waitFor()
  await expect(
    query('select id from newsletter_subscribers where email = $1', [email]),
  ).resolves.toHaveLength(1)
  // Closed first, so the notice waited for next is the next signup's, not this one's.
  await closeNotice(known)

  const fresh = `universe.form.${Date.now()}@example.com`
  await form.getByLabel('Email address').fill(fresh)
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await page.getByRole('status').filter({ hasText: 'Successfully subscribed!' }).waitFor()
  await expect(subscriber(fresh)).resolves.toMatchObject({ interests: ['universe'] })
  await expect(
    page.getByRole('link', { name: 'Explore Publishing' }).getAttribute('href'),
  ).resolves.toBe('/publishing')
  await expect(
    page.getByRole('link', { name: 'Collaborate With Us' }).getAttribute('href'),
  ).resolves.toBe('/contact')
  expect(consoleErrors).toEqual([])
  await context.close()
})

test('about: gallery opens full size and closes on the button and the background', async () => {
  const { page, context } = await openPage(browser)
  const consoleErrors = watchErrors(page)
  await page.goto('/about')
  const thumbs = page.getByRole('button', { name: /Open full size/ })
  await expect(thumbs.count()).resolves.toBe(3)
  await thumbs.nth(2).scrollIntoViewIfNeeded()
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('main img')).map(
          (image) => (image as HTMLImageElement).naturalWidth > 0,
        ),
      ),
    )
    .toEqual([true, true, true])

  await thumbs.nth(1).click()
  const dialog = page.getByRole('dialog', { name: 'The studio where stories and songs begin' })
  await dialog.waitFor()
  await screenshot(page, 'about-gallery-modal')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await dialog.waitFor({ state: 'hidden' })

  await thumbs.nth(2).click()
  const second = page.getByRole('dialog', { name: "A dusk walk that became Dune's first story" })
  await second.waitFor()
  await page.mouse.click(4, 400)
  await second.waitFor({ state: 'hidden' })

  await expect(page.getByRole('link', { name: 'Admin access' }).getAttribute('href')).resolves.toBe(
    '/admin/login',
  )
  await expect(
    page.getByRole('link', { name: 'Explore the Universe' }).getAttribute('href'),
  ).resolves.toBe('/universe')
  await expect(
    page.getByRole('link', { name: 'Parent Connect' }).getAttribute('href'),
  ).resolves.toBe('/parent-connect')
  await screenshot(page, 'about-desktop')
  expect(consoleErrors).toEqual([])
  await context.close()
})
