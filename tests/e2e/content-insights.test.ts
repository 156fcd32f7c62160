import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { launchBrowser, openPage, screenshot } from './helpers/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

test('/insights renders the featured article from rich text, with its facts and buttons', async () => {
  const { page, context, consoleErrors } = await openPage(browser)
  await page.goto('/insights')
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
    'Stories Behind the Stories',
  )
  expect(await page.getByText('Starfinity Insights', { exact: true }).isVisible()).toBe(true)
  expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/')

  const article = page.locator('article')
  expect(
    await article.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents(),
  ).toEqual(['Storytelling', 'Starfinity Wild', 'Characters', 'Conscious Parenting'])
  expect(await article.getByText('Featured', { exact: true }).isVisible()).toBe(true)
  expect(await article.getByRole('heading', { level: 2 }).first().textContent()).toBe(
    'Big Ears, Open Hearts: How the Starfinity Wild Guides Came to Be',
  )
  const meta = await article.locator('time').textContent()
  expect(meta).toBe('December 10, 2024')
  expect(await article.textContent()).toContain('By Elena Starling, Founder of Starfinity')
  expect(await article.textContent()).toContain('8 min read')

  // The body: ## headings, bold, italics and lists become real elements.
  expect(await article.getByRole('heading', { name: 'Why a Fennec Fox?' }).count()).toBe(1)
  expect(await article.locator('strong', { hasText: 'paying attention' }).count()).toBe(1)
  expect(await article.locator('em', { hasText: 'Why are his' }).count()).toBe(1)
  expect(await article.locator('ul li').count()).toBeGreaterThanOrEqual(13)
  expect(await article.textContent()).not.toContain('##')

  expect(
    await page.getByRole('link', { name: 'Explore More Characters' }).getAttribute('href'),
  ).toBe('/coming-soon')
  expect(await page.getByRole('heading', { name: 'More Insights Coming Soon' }).count()).toBe(1)
  expect(await page.getByRole('link', { name: 'Join the Waitlist' }).getAttribute('href')).toBe(
    '/waitlist',
  )
  await screenshot(page, 'insights-desktop')
  expect(consoleErrors).toEqual([])
  await context.close()
})
