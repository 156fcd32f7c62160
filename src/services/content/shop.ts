import type { Payload } from 'payload'

import { AppError } from '@/lib/errors'
import { DEFAULT_SHOP_DESCRIPTION } from '@/lib/shopify/types'
import {
  type ShopInfo,
  type ShopProduct,
  fetchShopifyProducts,
  fetchShopifyShop,
  shopifySettings,
} from '@/lib/shopify'

/** Spec §8: the texts a visitor sees when the shop cannot be read. */
export const PRODUCTS_FAILED = 'Failed to fetch products'
export const SHOP_INFO_FAILED = 'Failed to fetch shop info'
export { DEFAULT_SHOP_DESCRIPTION } from '@/lib/shopify/types'

let warnedReason: string | undefined
const settingsFor = (payload: Payload) => {
  const settings = shopifySettings()
  // A half-configured store is an operator's mistake: say so once, then serve the fallback.
  if (!settings.isConfigured && settings.reason && settings.reason !== warnedReason) {
    warnedReason = settings.reason
    payload.logger.warn({ msg: 'Shopify not used, serving CMS products', reason: settings.reason })
  }
  return settings
}

const siteShop = async (payload: Payload): Promise<ShopInfo> => {
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  return {
    name: settings.shopName,
    description: settings.shopDescription || DEFAULT_SHOP_DESCRIPTION,
    url: (settings.shopUrl ?? '').replace(/\/+$/, ''),
  }
}

const upstreamFailure = (payload: Payload, message: string, error: unknown) => {
  payload.logger.error({ msg: message, err: error })
  return new AppError(502, message)
}

/** Up to `limit` products: from Shopify when configured, else the editors' fallback products. */
export const readShopProducts = async (payload: Payload, limit: number): Promise<ShopProduct[]> => {
  const settings = settingsFor(payload)
  if (settings.isConfigured) {
    try {
      return await fetchShopifyProducts(settings, limit)
    } catch (error) {
      throw upstreamFailure(payload, PRODUCTS_FAILED, error)
    }
  }
  const [shop, { docs }] = await Promise.all([
    siteShop(payload),
    payload.find({
      collection: 'shop-products',
      limit,
      sort: 'order',
      depth: 0,
      pagination: false,
    }),
  ])
  return docs.slice(0, limit).map((doc) => ({
    id: String(doc.id),
    title: doc.title,
    description: doc.description ?? '',
    handle: doc.handle,
    url: `${shop.url}/products/${encodeURIComponent(doc.handle)}`,
    images: { edges: doc.imageUrl ? [{ node: { url: doc.imageUrl, altText: doc.title } }] : [] },
    variants: {
      edges:
        typeof doc.price === 'number'
          ? [{ node: { price: { amount: doc.price.toFixed(2) } } }]
          : [],
    },
  }))
}

/** The shop's name, description and address: Shopify's when configured, else the site settings'. */
export const readShopInfo = async (payload: Payload): Promise<ShopInfo> => {
  const fallback = await siteShop(payload)
  const settings = settingsFor(payload)
  if (!settings.isConfigured) return fallback
  try {
    return await fetchShopifyShop(settings, fallback)
  } catch (error) {
    throw upstreamFailure(payload, SHOP_INFO_FAILED, error)
  }
}
