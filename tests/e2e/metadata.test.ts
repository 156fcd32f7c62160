import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { inject } from 'vitest'

import { INTERNAL_ROUTES, PUBLIC_ROUTES } from '@/lib/routes'

import { launchBrowser, openPage } from './helpers/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const ROUTES = [...PUBLIC_ROUTES, ...INTERNAL_ROUTES]

/** The routes of the route table this build serves (pages still being built answer 404). */
const servedRoutes = async () => {
  const base = inject('baseURL')
  const served: string[] = []
  for (const path of ROUTES) {
    const response = await fetch(`${base}${path}`)
    await response.body?.cancel()
    if (response.status === 200) served.push(path)
  }
  return served
}

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (bytes: Buffer) => ({
  width: bytes.readUInt32BE(16),
  height: bytes.readUInt32BE(20),
})

describe('page metadata', () => {
  test('title, description, canonical, og and twitter tags on every served page', async () => {
    const base = inject('baseURL')
    const routes = await servedRoutes()
    expect(routes).toContain('/')
    const { page, context } = await openPage(browser)
    for (const path of routes) {
      await page.goto(path)
      const tags = await page.evaluate(() => {
        const meta = (key: string) =>
          document
            .querySelector(`meta[property="${key}"], meta[name="${key}"]`)
            ?.getAttribute('content') ?? null
        return {
          title: document.title,
          description: meta('description'),
          canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
          ogTitle: meta('og:title'),
          ogDescription: meta('og:description'),
          ogUrl: meta('og:url'),
          ogImage: meta('og:image'),
          ogType: meta('og:type'),
          twitterCard: meta('twitter:card'),
          twitterTitle: meta('twitter:title'),
          twitterImage: meta('twitter:image'),
          h1: document.querySelectorAll('h1').length,
        }
      })
      const url = new URL(path, base).toString()
      // Next writes the home address without its trailing slash: the same URL.
      const absolute = (value: string | null) => (value ? new URL(value).toString() : value)
      expect.soft(tags.title, path).toMatch(/Starfinity/)
      expect.soft(tags.description?.length ?? 0, path).toBeGreaterThan(20)
      expect.soft(absolute(tags.canonical), path).toBe(url)
      expect.soft(tags.ogTitle, path).toBe(tags.title)
      expect.soft(tags.ogDescription, path).toBe(tags.description)
      expect.soft(absolute(tags.ogUrl), path).toBe(url)
      expect.soft(tags.ogType, path).toBe('website')
      expect.soft(tags.ogImage, path).toMatch(new RegExp(`^${base}/`))
      expect.soft(tags.twitterCard, path).toBe('summary_large_image')
      expect.soft(tags.twitterTitle, path).toBe(tags.title)
      expect.soft(tags.twitterImage, path).toBe(tags.ogImage)
      expect.soft(tags.h1, `${path}: one h1`).toBe(1)
    }
    await context.close()
  })

  test('the default share image is a 1200×630 PNG served by the site', async () => {
    const response = await fetch(`${inject('baseURL')}/images/og-default.png`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(pngSize(Buffer.from(await response.arrayBuffer()))).toEqual({ width: 1200, height: 630 })
  })

  test('the deployment test page is not indexed', async () => {
    const html = await (await fetch(`${inject('baseURL')}/deployment-test`)).text()
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/)
  })
})

describe('sitemap and robots', () => {
  test('/sitemap.xml lists every visitor route on the site address, and each answers 200', async () => {
    const base = inject('baseURL')
    const response = await fetch(`${base}/sitemap.xml`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/xml/)
    const xml = await response.text()
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    const routes = PUBLIC_ROUTES.map((path) => new URL(path, base).toString())
    expect(locs.slice(0, routes.length)).toEqual(routes)
    // Then every published article's own page.
    const articles = locs.slice(routes.length)
    expect(articles.length).toBeGreaterThanOrEqual(3)
    for (const loc of articles) expect(loc).toMatch(new RegExp(`^${base}/insights/[a-z0-9-]+$`))
    expect(xml).not.toMatch(/\/admin|\/api\/|deployment-test/)
    const failing: string[] = []
    for (const loc of locs) {
      const page = await fetch(loc)
      await page.body?.cancel()
      if (page.status !== 200) failing.push(`${loc} → ${page.status}`)
    }
    expect(failing).toEqual([])
  })

  test('/robots.txt keeps crawlers out of the admin and the API and names the sitemap', async () => {
    const base = inject('baseURL')
    const response = await fetch(`${base}/robots.txt`)
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(text).toMatch(/^User-Agent: \*$/m)
    expect(text).toMatch(/^Disallow: \/admin$/m)
    expect(text).toMatch(/^Disallow: \/api$/m)
    expect(text).toMatch(/^Disallow: \/deployment-test$/m)
    expect(text).toContain(`Sitemap: ${base}/sitemap.xml`)
  })
})
