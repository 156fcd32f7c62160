import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { MOBILE, launchBrowser, openPage, screenshot } from './helpers/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const GROUPS = [
  'About',
  'The Four Ventures',
  'Community & Participation',
  'Values & Philosophy',
  'Getting Started',
]

test('/faq: five groups, one answer open at a time, collapsible', async () => {
  const { page, context, consoleErrors } = await openPage(browser)
  await page.goto('/faq')
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
    'Frequently Asked Questions',
  )
  expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(
    expect.arrayContaining(GROUPS),
  )
  const first = page.getByRole('button', { name: 'What is Starfinity?' })
  const refund = page.getByRole('button', { name: 'How do I ask about an order or a refund?' })
  const answers = page.getByRole('region')
  expect(await answers.count()).toBe(0)

  await first.click()
  expect(await first.getAttribute('aria-expanded')).toBe('true')
  expect(await answers.count()).toBe(1)
  expect(await answers.first().textContent()).toContain('Where the Future is Human')

  await refund.click()
  expect(await refund.getAttribute('aria-expanded')).toBe('true')
  expect(await first.getAttribute('aria-expanded')).toBe('false')
  expect(await answers.count()).toBe(1)
  expect(await answers.first().textContent()).toContain('Contact page')
  await screenshot(page, 'faq-desktop')

  await refund.click()
  expect(await refund.getAttribute('aria-expanded')).toBe('false')
  expect(await answers.count()).toBe(0)

  // The spec's facts: free features, premium may cost, data never sold.
  await page.getByRole('button', { name: 'Does it cost anything to take part?' }).click()
  expect(await answers.first().textContent()).toMatch(/free.*may cost/s)
  await page.getByRole('button', { name: 'How do you handle my personal data?' }).press('Enter')
  expect(await answers.first().textContent()).toContain('never sell your data')
  expect(consoleErrors).toEqual([])
  await context.close()
})

test("/faq: 'Contact Us' scrolls to the bottom of the page", async () => {
  const { page, context } = await openPage(browser, { viewport: MOBILE })
  await page.goto('/faq')
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  await page.getByRole('button', { name: 'Contact Us' }).click()
  await page.waitForFunction(
    () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
  )
  expect(await page.getByRole('contentinfo').isVisible()).toBe(true)
  await context.close()
})
