import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { clearShopifyCache } from '@/lib/shopify'
import { siteSettings } from '@/seed/data'

import { startApp, type TestApp } from '../helpers/app'
import { type FakeShopify, startFakeShopify } from '../helpers/fake-shopify'

let app: TestApp
let shopify: FakeShopify
const SHOPIFY_ENV = [
  'SHOPIFY_STORE_DOMAIN',
  'SHOPIFY_STOREFRONT_TOKEN',
  'SHOPIFY_API_VERSION',
  'SHOPIFY_TIMEOUT_MS',
] as const

const configure = (settings: Partial<Record<(typeof SHOPIFY_ENV)[number], string>>) => {
  for (const name of SHOPIFY_ENV) delete process.env[name]
  Object.assign(process.env, settings)
  clearShopifyCache()
}
const configureFake = () =>
  configure({ SHOPIFY_STORE_DOMAIN: shopify.origin, SHOPIFY_STOREFRONT_TOKEN: shopify.token })

beforeAll(async () => {
  app = await startApp()
  shopify = await startFakeShopify()
  const context = { disableRevalidate: true }
  await app.payload.updateGlobal({ slug: 'site-settings', data: siteSettings, context })
  const products = [
    { handle: 'tee', title: 'Tee', description: 'A tee.', price: 34, imageUrl: '/t.svg', order: 2 },
    { handle: 'hoodie', title: 'Hoodie', price: 68.5, order: 1 },
    { handle: 'tote', title: 'Tote', description: 'A tote.', imageUrl: '/tote.svg', order: 3 },
    { handle: 'mug', title: 'Mug', price: 12, order: 4 },
  ]
  for (const data of products)
    await app.payload.create({ collection: 'shop-products', data, context })
})
afterEach(() => {
  configure({})
  shopify.failure = undefined
  shopify.release()
  shopify.requests.length = 0
  shopify.abandoned = 0
})
afterAll(async () => {
  await shopify?.close()
  await app?.close()
})

describe('unconfigured: the CMS fallback', () => {
  it('serves the first three products by order, in the Storefront shape', async () => {
    const res = await app.request('GET', '/shopify/products?limit=3')
    expect(res.status).toBe(200)
    expect(res.body.data.map((p: { handle: string }) => p.handle)).toEqual([
      'hoodie',
      'tee',
      'tote',
    ])
    const [hoodie, tee, tote] = res.body.data
    expect(tee).toMatchObject({
      title: 'Tee',
      description: 'A tee.',
      handle: 'tee',
      url: `${siteSettings.shopUrl}/products/tee`,
      images: { edges: [{ node: { url: '/t.svg' } }] },
      variants: { edges: [{ node: { price: { amount: '34.00' } } }] },
    })
    expect(hoodie.images.edges).toEqual([])
    expect(hoodie.variants.edges[0].node.price.amount).toBe('68.50')
    expect(tote.variants.edges).toEqual([])
    expect(shopify.requests).toHaveLength(0)
  })

  it('defaults to three and honours a smaller limit', async () => {
    expect((await app.request('GET', '/shopify/products')).body.data).toHaveLength(3)
    expect((await app.request('GET', '/shopify/products?limit=1')).body.data).toHaveLength(1)
  })

  it('refuses a bad limit with a field error, not a 500', async () => {
    for (const limit of ['0', '21', 'abc', '1.5']) {
      const res = await app.request('GET', `/shopify/products?limit=${limit}`)
      expect(res.status).toBe(400)
      expect(res.body.errors).toEqual({ limit: 'Limit must be a whole number from 1 to 20' })
    }
  })

  it('serves the site settings as shop info', async () => {
    const res = await app.request('GET', '/shopify/shop')
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      name: siteSettings.shopName,
      description: siteSettings.shopDescription,
      url: siteSettings.shopUrl,
    })
  })

  it('treats a token without a domain, or http to a public host, as unconfigured', async () => {
    configure({ SHOPIFY_STOREFRONT_TOKEN: shopify.token })
    expect((await app.request('GET', '/shopify/products')).body.data[0].handle).toBe('hoodie')
    configure({ SHOPIFY_STORE_DOMAIN: 'http://shop.example.com', SHOPIFY_STOREFRONT_TOKEN: 'x' })
    expect((await app.request('GET', '/shopify/products')).body.data[0].handle).toBe('hoodie')
    expect(shopify.requests).toHaveLength(0)
  })
})

describe('configured: the Storefront GraphQL API', () => {
  beforeAll(() => {
    shopify.products = [
      {
        id: 'gid://shopify/Product/1',
        title: 'Nebula Tee',
        description: 'Soft.',
        handle: 'nebula-tee',
        imageUrl: 'https://cdn.example/nebula.png',
        price: '29.9',
      },
      { id: 'gid://shopify/Product/2', title: 'No Price', handle: 'no-price' },
      {
        id: 'gid://shopify/Product/3',
        title: 'Listed',
        handle: 'listed',
        onlineStoreUrl: 'https://store.example/products/listed',
        price: '5.00',
      },
      { id: 'gid://shopify/Product/4', title: 'Fourth', handle: 'fourth', price: '1.00' },
    ]
  })

  it('sends the products query with the token header and the version in the path', async () => {
    configure({
      SHOPIFY_STORE_DOMAIN: shopify.origin,
      SHOPIFY_STOREFRONT_TOKEN: shopify.token,
      SHOPIFY_API_VERSION: '2024-10',
    })
    const res = await app.request('GET', '/shopify/products?limit=3')
    expect(res.status).toBe(200)
    expect(shopify.requests).toHaveLength(1)
    const [request] = shopify.requests
    expect(request.path).toBe('/api/2024-10/graphql.json')
    expect(request.headers['x-shopify-storefront-access-token']).toBe(shopify.token)
    expect(request.headers['content-type']).toBe('application/json')
    expect(request.body.query).toMatch(/products\(first: \$first/)
    expect(request.body.variables).toEqual({ first: 3 })
    expect(res.body.data).toEqual([
      {
        id: 'gid://shopify/Product/1',
        title: 'Nebula Tee',
        description: 'Soft.',
        handle: 'nebula-tee',
        url: `${shopify.origin}/products/nebula-tee`,
        images: { edges: [{ node: { url: 'https://cdn.example/nebula.png', altText: null } }] },
        variants: { edges: [{ node: { price: { amount: '29.9', currencyCode: 'USD' } } }] },
      },
      expect.objectContaining({ handle: 'no-price', variants: { edges: [] } }),
      expect.objectContaining({ url: 'https://store.example/products/listed' }),
    ])
  })

  it('caches answers for five minutes (one upstream call for repeated reads)', async () => {
    configureFake()
    await app.request('GET', '/shopify/products?limit=3')
    const again = await app.request('GET', '/shopify/products?limit=3')
    expect(again.body.data).toHaveLength(3)
    expect(again.headers.get('cache-control')).toBe('public, max-age=300')
    expect(shopify.requests).toHaveLength(1)
    await app.request('GET', '/shopify/products?limit=2')
    expect(shopify.requests).toHaveLength(2)
  })

  it('reads the shop info, with the default description when the shop has none', async () => {
    configureFake()
    const res = await app.request('GET', '/shopify/shop')
    expect(res.body.data).toEqual({
      name: 'Fake Cosmic Store',
      description: 'Stardust goods.',
      url: shopify.origin,
    })
    expect(shopify.requests[0].body.query).toMatch(/shop\s*{/)
    const description = shopify.shop.description
    shopify.shop.description = null
    clearShopifyCache()
    expect((await app.request('GET', '/shopify/shop')).body.data.description).toBe(
      siteSettings.shopDescription,
    )
    shopify.shop.description = description
  })

  it("maps a refused token, an HTTP error and GraphQL errors to the spec's messages", async () => {
    configure({ SHOPIFY_STORE_DOMAIN: shopify.origin, SHOPIFY_STOREFRONT_TOKEN: 'wrong-token' })
    let res = await app.request('GET', '/shopify/products?limit=3')
    expect(res.status).toBe(502)
    expect(res.body).toEqual({ message: 'Failed to fetch products' })

    configureFake()
    shopify.failure = { status: 503 }
    res = await app.request('GET', '/shopify/shop')
    expect(res.status).toBe(502)
    expect(res.body).toEqual({ message: 'Failed to fetch shop info' })

    shopify.failure = { graphqlError: 'Throttled' }
    res = await app.request('GET', '/shopify/products?limit=3')
    expect(res.body).toEqual({ message: 'Failed to fetch products' })
    expect(res.headers.get('cache-control')).toBe('no-store')

    // Failures are not cached: the next read succeeds once the store is back.
    shopify.failure = undefined
    res = await app.request('GET', '/shopify/products?limit=3')
    expect(res.status).toBe(200)
  })

  it('gives up after the timeout', async () => {
    configure({
      SHOPIFY_STORE_DOMAIN: shopify.origin,
      SHOPIFY_STOREFRONT_TOKEN: shopify.token,
      SHOPIFY_TIMEOUT_MS: '300',
    })
    // The store never answers: the site answers anyway, and it closed its request to the store.
    shopify.failure = { hold: true }
    const res = await app.request('GET', '/shopify/products?limit=3')
    expect(res.status).toBe(502)
    expect(res.body.message).toBe('Failed to fetch products')
    expect(shopify.requests).toHaveLength(1)
    await expect.poll(() => shopify.abandoned).toBe(1)
  })

  it('fails when the store is unreachable', async () => {
    configure({ SHOPIFY_STORE_DOMAIN: 'http://127.0.0.1:9', SHOPIFY_STOREFRONT_TOKEN: 'x' })
    const res = await app.request('GET', '/shopify/products?limit=3')
    expect(res.status).toBe(502)
    expect(res.body.message).toBe('Failed to fetch products')
  })
})
