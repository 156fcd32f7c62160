import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

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
