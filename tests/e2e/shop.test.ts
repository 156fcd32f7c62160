import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'

import { DEFAULT_SHOP_DESCRIPTION } from '@/lib/shopify/types'

import { type FakeShopify, startFakeShopify } from '../helpers/fake-shopify'
import {
  MOBILE,
  afterObservers,
  gotoStarted,
  launchBrowser,
  openPage,
  query,
  screenshot,
} from './helpers/browser'
import { type RunningServer, startServer } from './helpers/server'

let browser: Browser
const servers: RunningServer[] = []
const fakes: FakeShopify[] = []
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await Promise.all(servers.map((server) => server.stop()))
  await Promise.all(fakes.map((fake) => fake.close()))
})

/**
 * A test with a site of its own starts a second production server first: on a busy 2-core machine
 * that alone can take most of a minute.
 */
const CONFIGURED_TIMEOUT_MS = 180_000

/** A second site whose shop reads the loopback Storefront server. */
const configuredSite = async () => {
  const fake = await startFakeShopify()
  fakes.push(fake)
  const server = await startServer(inject('databaseUrl'), {
    SHOPIFY_STORE_DOMAIN: fake.origin,
    SHOPIFY_STOREFRONT_TOKEN: fake.token,
    // The store's answers are held while a test looks at the loading state: the site waits.
    SHOPIFY_TIMEOUT_MS: '60000',
  })
  servers.push(server)
  return { fake, server }
}

test('unconfigured: the CMS products with prices, View Details and Visit Full Shop in new tabs', async () => {
  const { page, context, consoleErrors } = await openPage(browser)
  await page.goto('/#shop')
  const shop = page.locator('#shop')
  await shop.locator('article').nth(2).waitFor()
  const products = await query<{ title: string; handle: string; price: string }>(
    'select title, handle, price from shop_products order by "order" limit 3',
  )
  const [settings] = await query<{ shop_url: string; shop_name: string }>(
    'select shop_url, shop_name from site_settings limit 1',
  )
  await expect(shop.getByRole('heading', { level: 2 }).textContent()).resolves.toBe(
    settings.shop_name,
  )
  await expect(shop.locator('article h3').allTextContents()).resolves.toEqual(
    products.map((product) => product.title),
  )
  await expect(shop.locator('article').allTextContents()).resolves.toEqual(
    products.map((product) => expect.stringContaining(`$${Number(product.price).toFixed(2)}`)),
  )
  for (const product of products) {
    const link = shop.getByRole('link', { name: `View Details: ${product.title}` })
    await expect(link.getAttribute('href')).resolves.toBe(
      `${settings.shop_url}/products/${product.handle}`,
    )
    await expect(link.getAttribute('target')).resolves.toBe('_blank')
    await expect(link.getAttribute('rel')).resolves.toBe('noopener noreferrer')
  }
  const full = shop.getByRole('link', { name: 'Visit Full Shop' })
  await expect(full.getAttribute('href')).resolves.toBe(settings.shop_url)
  await expect(full.getAttribute('target')).resolves.toBe('_blank')
  // Every fallback image ships with the site and loads.
  const loaded = await shop
    .locator('article img')
    .evaluateAll((images: HTMLImageElement[]) => images.map((image) => image.naturalWidth > 0))
  expect(loaded).toEqual([true, true, true])
  await screenshot(page, 'shop-fallback')
  expect(consoleErrors).toEqual([])
  await context.close()
})

test(
  'configured: placeholders while loading, Storefront products, stock image, missing price',
  async () => {
    const { fake, server } = await configuredSite()
    fake.shop.name = 'Fake Cosmic Store'
    fake.products = [
      {
        id: 'gid://shopify/Product/1',
        title: 'Nebula Tee',
        description: 'A tee the colour of deep space.',
        handle: 'nebula-tee',
        imageUrl: `${fake.origin}/cdn/missing-image.png`,
        price: '29.9',
      },
      { id: 'gid://shopify/Product/2', title: 'Comet Cap', handle: 'comet-cap' },
      {
        id: 'gid://shopify/Product/3',
        title: 'Orbit Mug',
        handle: 'orbit-mug',
        imageUrl: '/images/shop/listen-with-your-heart-tote.svg',
        price: '12',
      },
      { id: 'gid://shopify/Product/4', title: 'Fourth', handle: 'fourth', price: '1' },
    ]
    // The store holds its answers at first, so the loading state can be seen.
    fake.failure = { hold: true }
    const { page, context, consoleErrors } = await openPage(browser, { baseURL: server.url })
    // From /#shop, so the (lazy) product images are in view and load.
    await page.goto('/#shop')
    const shop = page.locator('#shop')
    await expect
      .poll(() => fake.requests.some((r) => r.body.query.includes('StarfinityProducts')), {
        timeout: 30_000,
      })
      .toBe(true)
    await expect(shop.getByTestId('product-placeholder').count()).resolves.toBe(3)
    fake.failure = undefined
    fake.release()
    await shop.locator('article').nth(2).waitFor()
    await expect(shop.getByTestId('product-placeholder').count()).resolves.toBe(0)

    await expect(shop.locator('article h3').allTextContents()).resolves.toEqual([
      'Nebula Tee',
      'Comet Cap',
      'Orbit Mug',
    ])
    const cards = shop.locator('article')
    await expect(cards.nth(0).textContent()).resolves.toContain('$29.90')
    await expect(cards.nth(1).textContent()).resolves.toContain('Price unavailable')
    await expect(cards.nth(2).textContent()).resolves.toContain('$12.00')
    // The broken image and the image-less product show the stock image instead.
    await expect
      .poll(() => cards.nth(0).locator('img').getAttribute('src'))
      .toBe('/images/shop/stock-product.svg')
    await expect(cards.nth(1).locator('img').getAttribute('src')).resolves.toBe(
      '/images/shop/stock-product.svg',
    )
    await expect(
      shop.getByRole('link', { name: 'View Details: Comet Cap' }).getAttribute('href'),
    ).resolves.toBe(`${fake.origin}/products/comet-cap`)
    // The shop's name comes from its own request, which may answer after the products'.
    await expect
      .poll(() => shop.getByRole('heading', { level: 2 }).textContent())
      .toBe('Fake Cosmic Store')
    await expect(
      shop.getByRole('link', { name: 'Visit Full Shop' }).getAttribute('href'),
    ).resolves.toBe(fake.origin)

    const productQueries = fake.requests.filter((r) => r.body.query.includes('StarfinityProducts'))
    expect(productQueries.length).toBeGreaterThanOrEqual(1)
    expect(productQueries[0].body.variables).toEqual({ first: 3 })
    expect(productQueries[0].headers['x-shopify-storefront-access-token']).toBe(fake.token)
    await screenshot(page, 'shop-configured')
    expect(consoleErrors).toEqual([])
    await context.close()

    const mobile = await openPage(browser, { baseURL: server.url, viewport: MOBILE })
    await mobile.page.goto('/#shop')
    await mobile.page.locator('#shop article').nth(2).waitFor()
    // As on the desktop: the broken image has given way to the stock image.
    await expect
      .poll(() => mobile.page.locator('#shop article img').first().getAttribute('src'))
      .toBe('/images/shop/stock-product.svg')
    await screenshot(mobile.page, 'shop-configured-mobile')
    await mobile.context.close()
  },
  CONFIGURED_TIMEOUT_MS,
)

test(
  'configured: a failing store shows the error, an empty store the coming-soon note',
  async () => {
    const { fake, server } = await configuredSite()
    fake.failure = { status: 500 }
    const first = await openPage(browser, { baseURL: server.url })
    await first.page.goto('/#shop')
    const shop = first.page.locator('#shop')
    await shop.getByText('Failed to fetch products').waitFor()
    // The two reads fail on their own: wait for the second notice too.
    await shop.getByText('Failed to fetch shop info').waitFor()
    // The shop's default name and description stand in for the info that could not be read.
    await expect(shop.getByRole('heading', { level: 2 }).textContent()).resolves.toBe(
      'Starfinity Shop',
    )
    await expect(shop.getByText(DEFAULT_SHOP_DESCRIPTION).isVisible()).resolves.toBe(true)
    await first.context.close()

    // Failures are not cached: once the store answers, its (empty) catalogue shows.
    fake.failure = undefined
    fake.products = []
    const second = await openPage(browser, { baseURL: server.url })
    await second.page.goto('/#shop')
    const host = new URL(fake.origin).host
    await second.page.locator('#shop').getByText(`Products coming soon to ${host}`).waitFor()
    await expect(second.page.locator('#shop article').count()).resolves.toBe(0)
    expect(second.consoleErrors).toEqual([])
    await second.context.close()
  },
  CONFIGURED_TIMEOUT_MS,
)

test.each([
  ['a failing', { status: 502, json: { message: 'Failed to fetch shop info' } }, 'Starfinity Shop'],
  ['an empty', { status: 200, json: { data: null } }, 'Starfinity Shop'],
  [
    'a blank',
    { status: 200, json: { data: { name: '', description: '', url: '' } } },
    'Starfinity Shop',
  ],
  [
    'a description-less',
    { status: 200, json: { data: { name: 'Moon Market', url: 'https://moon.example' } } },
    'Moon Market',
  ],
] as const)('%s shop answer shows the default description', async (_, answer, name) => {
  const { page, context } = await openPage(browser)
  await page.route('**/api/shopify/shop', (route) => route.fulfill(answer))
  await page.goto('/#shop')
  const shop = page.locator('#shop')
  await shop.locator('article').first().waitFor()
  await shop.getByText(DEFAULT_SHOP_DESCRIPTION).waitFor()
  await expect(shop.getByRole('heading', { level: 2 }).textContent()).resolves.toBe(name)
  // Only a failed read says so; an answer without information is not an error.
  await expect(shop.getByText('Failed to fetch shop info').count()).resolves.toBe(
    answer.status === 200 ? 0 : 1,
  )
  await context.close()
})

test('the shop is asked for its products only as its section comes near the viewport', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { viewport: MOBILE })
  const asked: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/shopify/')) asked.push(new URL(request.url()).pathname)
  })
  // Loaded and started, at the top of the page; the section's observer has reported (not near).
  await gotoStarted(page, '/')
  await afterObservers(page, '#shop')
  expect(asked).toEqual([])
  const shop = page.locator('#shop')
  await expect(shop.getByTestId('product-placeholder').count()).resolves.toBe(3)
  await shop.scrollIntoViewIfNeeded()
  await shop.locator('article').first().waitFor()
  expect(asked.toSorted()).toEqual(['/api/shopify/products', '/api/shopify/shop'])
  expect(consoleErrors).toEqual([])
  await context.close()
})
