import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { exerciseNewsletterForm, pageErrors } from './content-helpers'
import { MOBILE, launchBrowser, openPage, screenshot } from './helpers/browser'
import { freshRecoveryCode } from './helpers/second-factor'
import { E2E_USERS } from './helpers/users'

/** axe walks every node of several pages: minutes, not seconds, on a busy 2-core machine. */
const AXE_TIMEOUT_MS = 180_000

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const ROUTES: [string, string][] = [
  ['/earth-app', 'A Companion for Conscious Families'],
  ['/publishing', 'Stories That Grow With You'],
  ['/records', 'Music for Listening Hearts'],
  ['/characters', 'Meet the Animal Guides'],
  ['/insights', 'Stories Behind the Stories'],
  ['/coming-soon', 'Coming Soon'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  ['/faq', 'Frequently Asked Questions'],
  ['/books/dune-big-ears', 'Dune and the Big Ears'],
  ['/books/dune-music', 'Listen With Your Heart'],
]

test('every content page loads with one h1, its own title, and no console error; fits 360 px', async () => {
  const { page, context } = await openPage(browser, {
    viewport: { width: 360, height: 740 },
  })
  const consoleErrors = pageErrors(page)
  const failed: string[] = []
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`)
  })
  for (const [path, heading] of ROUTES) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(200)
    const h1 = page.getByRole('heading', { level: 1 })
    expect(await h1.count(), path).toBe(1)
    expect(await h1.textContent(), path).toBe(heading)
    expect(await page.title(), path).toContain('Starfinity')
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
    expect(new URL(canonical ?? '').pathname, path).toBe(path)
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow, path).toBeLessThanOrEqual(0)
    for (const link of await page.locator('a[target="_blank"]').all()) {
      expect(await link.getAttribute('rel'), path).toBe('noopener noreferrer')
    }
  }
  expect(failed).toEqual([])
  expect(consoleErrors).toEqual([])
  await context.close()
})

test('/earth-app links to the earth-app waitlist and to /about', async () => {
  const { page, context } = await openPage(browser)
  await page.goto('/earth-app')
  const hrefs = await page
    .locator('main a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
  expect(hrefs).toContain('/waitlist?product=earth-app')
  expect(hrefs).toContain('/about')
  expect(await page.getByRole('heading', { name: 'Our Creed' }).count()).toBe(1)
  await screenshot(page, 'earth-app-desktop')
  await context.close()
})

test('/publishing: four collections, the featured book, its links and the newsletter', async () => {
  const { page, context } = await openPage(browser)
  await page.goto('/publishing')
  for (const name of [
    'Starfinity Wild',
    'Starfinity Kids',
    'Starfinity Sci-Fi',
    'Starfinity Saga',
  ]) {
    expect(await page.getByRole('heading', { name, exact: true }).count(), name).toBe(1)
  }
  expect(await page.getByRole('heading', { name: 'Dune and the Big Ears' }).count()).toBe(1)
  const hrefs = await page
    .locator('main a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
  expect(hrefs).toEqual(
    expect.arrayContaining([
      '/universe',
      '/waitlist?product=publishing',
      '/books/dune-music',
      '/books/dune-big-ears',
    ]),
  )
  await exerciseNewsletterForm(page, page.locator('#publishing-signup'), {
    pendingText: 'Subscribing...',
    successTitle: 'Successfully subscribed!',
    interests: ['publishing'],
  })
  await screenshot(page, 'publishing-desktop')
  await context.close()
})

test('/records: the featured album, streaming links, book links and the music newsletter', async () => {
  const { page, context } = await openPage(browser, { viewport: MOBILE })
  await page.goto('/records')
  expect(await page.getByRole('heading', { name: 'Listen With Your Heart' }).count()).toBe(1)
  const services = page.getByRole('navigation', { name: 'Streaming services' }).getByRole('link')
  expect(await services.count()).toBe(4)
  const hrefs = await page
    .locator('main a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
  expect(hrefs).toEqual(expect.arrayContaining(['/books/dune-music', '/books/dune-big-ears']))
  await exerciseNewsletterForm(page, page.locator('#records-signup'), {
    pendingText: 'Subscribing...',
    successTitle: 'Successfully subscribed!',
    interests: ['records'],
  })
  await screenshot(page, 'records-mobile')
  await context.close()
})

test('/terms has eleven numbered sections, last updated December 2024', async () => {
  const { page, context } = await openPage(browser)
  await page.goto('/terms')
  expect(await page.getByText('Last updated December 2024').isVisible()).toBe(true)
  const headings = await page.locator('main h2').allTextContents()
  expect(headings).toHaveLength(11)
  expect(headings[0]).toBe('1. Acceptance of Terms')
  expect(headings[10]).toBe('11. Changes to These Terms')
  headings.forEach((heading, index) => expect(heading.startsWith(`${index + 1}. `)).toBe(true))
  await context.close()
})

test('/privacy: four principles and the sections of the spec', async () => {
  const { page, context } = await openPage(browser)
  await page.goto('/privacy')
  const principles = [
    'Heart-Centered Approach',
    'Data Protection',
    'Transparency',
    'Minimal Collection',
  ]
  for (const name of principles) {
    expect(await page.getByRole('heading', { name, exact: true }).count(), name).toBe(1)
  }
  // The principles' cards come straight under the page's h1, so they are h2 as the sections are.
  const sections = await page.locator('main h2').allTextContents()
  expect(sections).toEqual([
    ...principles,
    'Information We Collect',
    'How We Use Your Information',
    'Your Rights',
    'How Long We Keep It',
    'Security',
    'Third Parties',
    'Contact Us',
  ])
  const text = (await page.locator('main').textContent()) ?? ''
  for (const right of [
    'Access',
    'Correction',
    'Deletion',
    'Portability',
    'Withdrawal',
    'Objection',
  ])
    expect(text).toContain(`${right}:`)
  // The ages of the site settings the nightly deletion uses (seeded: 13 and 12 months).
  const kept = (await page.locator('section[aria-labelledby="retention"]').textContent()) ?? ''
  expect(kept).toContain('Analytics and interaction events: 13 months')
  expect(kept).toContain('deleted after 12 months')
  expect(kept).toContain('deleted after 30 days')
  await context.close()
})

test('/privacy states the retention ages a full admin sets, once the settings are saved', async () => {
  const { page, context } = await openPage(browser)
  const api = context.request
  const { username, password } = E2E_USERS.full
  // A full admin's sign-in takes its second factor: a recovery code of its own (decision 0212).
  const login = await api.post('/api/users/login', {
    data: { username, password, secondFactor: { code: await freshRecoveryCode(username) } },
  })
  expect(login.status()).toBe(200)
  const headers = { Authorization: `JWT ${((await login.json()) as { token: string }).token}` }
  const setAges = async (eventsMonths: number, emailBodiesMonths: number) => {
    const saved = await api.post('/api/globals/site-settings', {
      headers,
      data: { retention: { eventsMonths, emailBodiesMonths } },
    })
    expect(saved.status()).toBe(200)
  }
  const kept = async () => {
    await page.goto('/privacy')
    return (await page.locator('section[aria-labelledby="retention"]').textContent()) ?? ''
  }

  await setAges(6, 3)
  try {
    // Saving the settings revalidates the cached page (decision 0070); the first visit after it
    // may still get the old page while the new one renders.
    await expect
      .poll(kept, { timeout: 15_000, interval: 500 })
      .toContain('Analytics and interaction events: 6 months')
    const text = await kept()
    expect(text).toContain('deleted after 3 months')
    expect(text).not.toContain('13 months')
    expect(text).not.toContain('12 months')
  } finally {
    await setAges(13, 12)
  }
  await expect
    .poll(kept, { timeout: 15_000, interval: 500 })
    .toContain('Analytics and interaction events: 13 months')
  expect(await kept()).toContain('deleted after 12 months')
  await context.close()
})

test('/coming-soon offers insights, contact and home', async () => {
  const { page, context } = await openPage(browser)
  await page.goto('/coming-soon')
  expect(
    await page.getByRole('link', { name: 'Explore Current Insights' }).getAttribute('href'),
  ).toBe('/insights')
  expect(await page.getByRole('link', { name: 'Stay Connected' }).getAttribute('href')).toBe(
    '/contact',
  )
  expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/')
  await context.close()
})

test(
  'axe: no serious or critical violation on any content page (FAQ with an answer open)',
  async () => {
    const { AxeBuilder } = await import('@axe-core/playwright')
    const { page, context } = await openPage(browser)
    const problems: string[] = []
    for (const [path] of ROUTES) {
      await page.goto(path)
      if (path === '/faq') await page.getByRole('button', { name: 'What is Starfinity?' }).click()
      const { violations } = await new AxeBuilder({ page }).include('main').analyze()
      for (const violation of violations) {
        if (violation.impact === 'serious' || violation.impact === 'critical') {
          const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 3)
          problems.push(`${path}: ${violation.id} (${violation.impact}) ${targets.join(', ')}`)
        }
      }
    }
    expect(problems).toEqual([])
    await context.close()
  },
  AXE_TIMEOUT_MS,
)
