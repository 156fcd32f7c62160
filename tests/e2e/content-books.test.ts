import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { exerciseNewsletterForm, pageErrors } from './content-helpers'
import {
  MOBILE,
  afterObservers,
  gotoStarted,
  launchBrowser,
  openPage,
  screenshot,
} from './helpers/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const isExternal = (url: string) => {
  const { hostname, protocol } = new URL(url)
  return !['localhost', '127.0.0.1'].includes(hostname) && !['data:', 'blob:'].includes(protocol)
}

test('/books/dune-big-ears: cover, copy, share, song link, story, themes and formats', async () => {
  const { page, context } = await openPage(browser)
  const consoleErrors = pageErrors(page)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/books/dune-big-ears')
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Dune and the Big Ears')
  expect(await page.getByText('Starfinity Wild · Book 1 of 8').isVisible()).toBe(true)
  const cover = page.getByRole('img', { name: /Cover of Dune and the Big Ears/ })
  expect(await cover.getAttribute('width')).toBe('480')
  expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)

  const copy = page.getByRole('link', { name: 'Get Your Copy' })
  expect(await copy.getAttribute('target')).toBe('_blank')
  expect(await copy.getAttribute('rel')).toBe('noopener noreferrer')
  expect(await copy.getAttribute('href')).toMatch(/^https:\/\//)
  expect(await page.getByRole('link', { name: "Listen to Dune's Song" }).getAttribute('href')).toBe(
    '/books/dune-music',
  )
  expect(await page.getByRole('heading', { name: 'The Story' }).count()).toBe(1)
  expect(await page.getByText('Listening with your heart', { exact: true }).isVisible()).toBe(true)
  expect(
    await page.getByText('Available in hardcover, paperback, and digital formats').isVisible(),
  ).toBe(true)
  expect(await page.getByRole('link', { name: 'Order', exact: true }).count()).toBe(1)
  expect(await page.getByRole('link', { name: 'Gift', exact: true }).count()).toBe(1)

  // Desktop Chromium without a share sheet: the link goes to the clipboard.
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true })
  })
  await page.getByRole('button', { name: 'Share with Friend' }).click()
  await page.getByRole('status').filter({ hasText: 'Link copied!' }).waitFor()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
    '/books/dune-big-ears',
  )
  await screenshot(page, 'book-dune-big-ears-desktop')
  expect(consoleErrors).toEqual([])
  await context.close()
})

test('the book newsletter validates, waits, welcomes to Starfinity Wild, and answers a known address alike', async () => {
  const { page, context } = await openPage(browser, { viewport: MOBILE })
  await page.goto('/books/dune-big-ears')
  await exerciseNewsletterForm(page, page.locator('#book-signup'), {
    pendingText: 'Joining...',
    successTitle: 'Welcome to Starfinity Wild!',
    interests: [
      'wild',
      'Dune and the Big Ears',
      'children-books',
      'conscious-parenting',
      'nature-stories',
      'deep-listening',
      'fennec-fox-stories',
    ],
  })
  await screenshot(page, 'book-dune-big-ears-mobile')
  await context.close()
})

test('/books/dune-music: lyrics, four streaming links, album art, and a video that loads on click', async () => {
  const { page, context } = await openPage(browser)
  const consoleErrors = pageErrors(page)
  const external: string[] = []
  page.on('request', (request) => {
    if (isExternal(request.url())) external.push(request.url())
  })
  // The player itself stays offline: a loopback stand-in answers the embed address.
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>player</title>' }),
  )
  // Started: the page view is sent by hydrated client code.
  await gotoStarted(page, '/books/dune-music')
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Listen With Your Heart')
  const services = page.getByRole('navigation', { name: 'Streaming services' }).getByRole('link')
  expect(await services.allTextContents()).toEqual([
    'Spotify',
    'Apple Music',
    'YouTube Music',
    'Amazon Music',
  ])
  for (const link of await services.all()) {
    expect(await link.getAttribute('target')).toBe('_blank')
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer')
  }
  expect(await page.getByRole('img', { name: /Album art/ }).getAttribute('height')).toBe('480')
  const lyricHeadings = await page.locator('#lyrics ~ div h3').allTextContents()
  expect(lyricHeadings).toEqual([
    'Verse 1',
    'Chorus',
    'Verse 2',
    'Chorus',
    'Bridge',
    'Chorus',
    'Outro',
  ])
  expect(await page.getByText('Every little voice can shine just like a star,').count()).toBe(3)
  expect(await page.getByRole('link', { name: "Read Dune's Story" }).getAttribute('href')).toBe(
    '/books/dune-big-ears',
  )
  expect(await page.getByRole('link', { name: 'Save This Song' }).getAttribute('target')).toBe(
    '_blank',
  )
  expect(
    await page.getByRole('link', { name: /Back to Dune and the Big Ears/ }).getAttribute('href'),
  ).toBe('/books/dune-big-ears')

  // Loaded, started and its observers run: no request elsewhere.
  await page.waitForLoadState('load')
  await afterObservers(page, 'main')
  expect(external).toEqual([])
  expect(await page.locator('iframe').count()).toBe(0)
  await screenshot(page, 'book-dune-music-desktop')
  await page.getByRole('button', { name: /Play video/ }).click()
  const frame = page.locator('iframe[title="Listen With Your Heart"]')
  await frame.waitFor()
  expect(await frame.getAttribute('src')).toContain('autoplay=1')
  await expect.poll(() => external.length).toBeGreaterThan(0)
  expect(consoleErrors).toEqual([])
  await context.close()
})
