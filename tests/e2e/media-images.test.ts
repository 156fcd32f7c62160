import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'

import { DESKTOP, MOBILE, launchBrowser, openPage, screenshot } from './helpers/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const PAGES = ['/characters', '/books/dune-big-ears', '/books/dune-music', '/about']

test.each(
  PAGES.flatMap(
    (path) =>
      [
        [path, 'desktop', DESKTOP],
        [path, '390', MOBILE],
      ] as const,
  ),
)(
  '%s (%s): pictures from Media, with their size and alt text, and no layout shift',
  async (path, name, viewport) => {
    const { page, context } = await openPage(browser, { viewport })
    await page.goto(path)
    const images = page.locator('main img')
    const count = await images.count()
    expect(count).toBeGreaterThan(0)
    for (let i = 0; i < count; i++) await images.nth(i).scrollIntoViewIfNeeded()
    await expect
      .poll(() =>
        images.evaluateAll((all) =>
          all.every(
            (img) =>
              (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
          ),
        ),
      )
      .toBe(true)
    const pictures = await images.evaluateAll((all) =>
      all.map((img) => ({
        src: img.getAttribute('src') ?? '',
        width: Number(img.getAttribute('width')),
        height: Number(img.getAttribute('height')),
        alt: img.getAttribute('alt'),
      })),
    )
    for (const picture of pictures) {
      expect(picture.src, path).toMatch(/\/api\/media\/file\//)
      expect(picture.width, picture.src).toBeGreaterThan(0)
      expect(picture.height, picture.src).toBeGreaterThan(0)
      expect(picture.alt, picture.src).not.toBeNull()
    }
    // The width and height reserve the space: the pictures arriving move nothing.
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              value: number
              hadRecentInput: boolean
            })[])
              if (!entry.hadRecentInput) total += entry.value
          }).observe({ type: 'layout-shift', buffered: true })
          setTimeout(() => resolve(total), 200)
        }),
    )
    expect(shift).toBeLessThan(0.1)
    await screenshot(page, `images${path.replaceAll('/', '-')}-${name}`)
    await context.close()
  },
)

test('shared links name the site card, which answers with the Starfinity card by default', async () => {
  const base = inject('baseURL')
  const { page, context } = await openPage(browser)
  await page.goto('/characters')
  const card = await page.locator('meta[property="og:image"]').getAttribute('content')
  expect(card).toBe(`${base}/api/share-image`)
  const redirect = await fetch(card!, { redirect: 'manual' })
  expect(redirect.status).toBe(302)
  expect(redirect.headers.get('location')).toBe(`${base}/images/og-default.png`)
  const image = await fetch(card!)
  expect(image.status).toBe(200)
  expect(image.headers.get('content-type')).toBe('image/png')
  await context.close()
})
