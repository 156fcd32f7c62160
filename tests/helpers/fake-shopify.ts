import { type IncomingHttpHeaders, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A loopback server speaking the Shopify Storefront GraphQL protocol: POST
 * /api/<version>/graphql.json with the storefront token header, answered by operation name
 * (StarfinityProducts honours `first`, StarfinityShop). Every request is recorded.
 */
export type FakeProduct = {
  id: string
  title: string
  description?: string
  handle: string
  onlineStoreUrl?: string | null
  imageUrl?: string
  price?: string
}

export type FakeShopRequest = {
  path: string
  headers: IncomingHttpHeaders
  body: { query: string; variables?: Record<string, unknown>; operationName?: string }
}

export type FakeShopify = {
  /** `http://127.0.0.1:<port>`: the value for SHOPIFY_STORE_DOMAIN. */
  origin: string
  token: string
  requests: FakeShopRequest[]
  products: FakeProduct[]
  shop: { name: string; description: string | null; url: string }
  /**
   * Overrides the next answers: an HTTP status, a GraphQL error, a delay, or `hold`: no answer
   * until `release()` is called.
   */
  failure?: { status?: number; graphqlError?: string; delayMs?: number; hold?: boolean }
  /** Answers every held request (those whose client is still waiting). */
  release: () => void
  /** Requests whose client closed the connection before it was answered. */
  abandoned: number
  close: () => Promise<void>
}

const operationOf = (query: string) => /query\s+(\w+)/.exec(query)?.[1]

export const startFakeShopify = async (token = 'storefront-test-token'): Promise<FakeShopify> => {
  const fake = { token, requests: [], products: [], abandoned: 0 } as unknown as FakeShopify
  const held: (() => void)[] = []
  fake.release = () => held.splice(0).forEach((answer) => answer())
  const server = createServer((req, res) => {
    res.on('close', () => {
      if (!res.writableEnded) fake.abandoned++
    })
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        if (res.destroyed) return
        res.writeHead(status, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify(body))
      }
      let body: FakeShopRequest['body']
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      } catch {
        return send(400, { errors: [{ message: 'Invalid JSON' }] })
      }
      fake.requests.push({ path: req.url ?? '', headers: req.headers, body })
      const answer = () => {
        if (req.method !== 'POST' || !/^\/api\/[\w-]+\/graphql\.json$/.test(req.url ?? ''))
          return send(404, { errors: [{ message: 'Not Found' }] })
        if (req.headers['x-shopify-storefront-access-token'] !== fake.token)
          return send(401, { errors: [{ message: 'Unauthorized' }] })
        if (fake.failure?.status)
          return send(fake.failure.status, { errors: [{ message: 'down' }] })
        if (fake.failure?.graphqlError)
          return send(200, { data: null, errors: [{ message: fake.failure.graphqlError }] })
        const operation = operationOf(body.query)
        if (operation === 'StarfinityShop')
          return send(200, {
            data: {
              shop: {
                name: fake.shop.name,
                description: fake.shop.description,
                primaryDomain: { url: fake.shop.url },
              },
            },
          })
        if (operation === 'StarfinityProducts') {
          const first = Number(body.variables?.first ?? 250)
          return send(200, {
            data: {
              products: {
                edges: fake.products.slice(0, first).map((product) => ({
                  node: {
                    id: product.id,
                    title: product.title,
                    description: product.description ?? '',
                    handle: product.handle,
                    onlineStoreUrl: product.onlineStoreUrl ?? null,
                    images: {
                      edges: product.imageUrl
                        ? [{ node: { url: product.imageUrl, altText: null } }]
                        : [],
                    },
                    variants: {
                      edges: product.price
                        ? [{ node: { price: { amount: product.price, currencyCode: 'USD' } } }]
                        : [],
                    },
                  },
                })),
              },
            },
          })
        }
        return send(200, { errors: [{ message: `Unknown operation ${operation}` }] })
      }
      const delay = fake.failure?.delayMs
      if (fake.failure?.hold) held.push(answer)
      else if (delay) setTimeout(answer, delay)
      else answer()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  fake.shop = { name: 'Fake Cosmic Store', description: 'Stardust goods.', url: fake.origin }
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return fake
}
