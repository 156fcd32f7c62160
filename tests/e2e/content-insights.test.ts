import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { pageErrors } from './content-helpers'
import { MOBILE, launchBrowser, openPage, screenshot } from './helpers/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const FEATURED = 'Big Ears, Open Hearts: How the Starfinity Wild Guides Came to Be'

test('/insights shows the featured article on top, then the other articles newest first', async () => {
  const { page, context } = await openPage(browser)
  const consoleErrors = pageErrors(page)
  await page.goto('/insights')
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
    'Stories Behind the Stories',
  )
  expect(await page.getByText('Starfinity Insights', { exact: true }).isVisible()).toBe(true)
  expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/')

  const featured = page.locator('article').first()
  expect(
    await featured.getByRole('list', { name: 'Topics' }).getByRole('listitem').allTextContents(),
  ).toEqual(['Storytelling', 'Starfinity Wild', 'Characters', 'Conscious Parenting'])
  expect(await featured.getByText('Featured', { exact: true }).isVisible()).toBe(true)
  expect(await featured.getByRole('heading', { level: 2 }).textContent()).toBe(FEATURED)
  expect(await featured.locator('time').textContent()).toBe('December 10, 2024')
  expect(await featured.textContent()).toContain('By Elena Starling, Founder of Starfinity')
  expect(await featured.textContent()).toContain('8 min read')
  expect(await featured.getByRole('link', { name: 'Read the Article' }).getAttribute('href')).toBe(
    '/insights/stories-behind-the-stories',
  )

  const more = page.getByRole('list', { name: 'More Insights' })
  const titles = await more.getByRole('heading', { level: 3 }).allTextContents()
  expect(titles.length).toBeGreaterThanOrEqual(2)
  expect(titles).not.toContain(FEATURED)
  const dates = await more
    .locator('time')
    .evaluateAll((els) => els.map((el) => el.getAttribute('datetime') ?? ''))
  expect(dates).toEqual([...dates].sort().reverse())
  expect(await page.getByRole('link', { name: 'Join the Waitlist' }).getAttribute('href')).toBe(
    '/waitlist',
  )
  await screenshot(page, 'insights-desktop')
  await page.setViewportSize(MOBILE)
  await screenshot(page, 'insights-mobile')
  expect(consoleErrors).toEqual([])
  await context.close()
})

test('an article has its own page rendered from rich text; unknown slugs are 404', async () => {
  const { page, context } = await openPage(browser)
  const consoleErrors = pageErrors(page)
  await page.goto('/insights')
  await page.getByRole('link', { name: 'Read the Article' }).click()
  await page.waitForURL(/\/insights\/stories-behind-the-stories$/)
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(FEATURED)
  const article = page.locator('article')
  // The body: ## headings, bold, italics and lists become real elements.
  expect(await article.getByRole('heading', { name: 'Why a Fennec Fox?' }).count()).toBe(1)
  expect(await article.locator('strong', { hasText: 'paying attention' }).count()).toBe(1)
  expect(await article.locator('em', { hasText: 'Why are his' }).count()).toBe(1)
  expect(await article.locator('ul li').count()).toBeGreaterThanOrEqual(13)
  expect(await article.textContent()).not.toContain('##')
  expect(await page.title()).toContain(FEATURED)
  expect(
    await page.getByRole('link', { name: 'Explore More Characters' }).getAttribute('href'),
  ).toBe('/coming-soon')
  await screenshot(page, 'insights-article-desktop')
  await page.setViewportSize(MOBILE)
  await screenshot(page, 'insights-article-mobile')
  expect(consoleErrors).toEqual([])

  const missing = await page.goto('/insights/no-such-article')
  expect(missing?.status()).toBe(404)
  await context.close()
})

test('/insights/feed.xml is an Atom feed of the published articles', async () => {
  const { page, context } = await openPage(browser)
  const response = await page.request.get('/insights/feed.xml')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toMatch(/atom\+xml/)
  const xml = await response.text()
  expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">')
  expect([...xml.matchAll(/<entry>/g)].length).toBeGreaterThanOrEqual(3)
  expect(xml).toContain('/insights/stories-behind-the-stories</id>')
  await context.close()
})
