import type { Endpoint } from 'payload'

import { SHOP_CACHE_MS } from '@/lib/shopify/types'
import { shopProductsQuerySchema } from '@/schemas/shop'
import { readShopInfo, readShopProducts } from '@/services/content/shop'

import { handler, json, parseWith } from './http'

// Public, anonymous data: browsers and CDNs may keep it as long as the server does.
const cacheHeaders = { 'Cache-Control': `public, max-age=${SHOP_CACHE_MS / 1000}` }

/** The shop block's data (spec §7): `{ data: [...] }` and `{ data: { name, description, url } }`. */
export const shopifyEndpoints: Endpoint[] = [
  {
    path: '/shopify/products',
    method: 'get',
    handler: handler(async (req) => {
      const { limit } = parseWith(
        shopProductsQuerySchema,
        Object.fromEntries(req.searchParams ?? new URLSearchParams()),
      )
      return json({ data: await readShopProducts(req.payload, limit) }, 200, cacheHeaders)
    }),
  },
  {
    path: '/shopify/shop',
    method: 'get',
    handler: handler(async (req) =>
      json({ data: await readShopInfo(req.payload) }, 200, cacheHeaders),
    ),
  },
]
