/**
 * The shop block's data (spec §3 "Shop product (read)" and "Shop info"). Products keep the
 * Storefront API's connection shape, so configured and fallback products read the same way.
 */
export type ShopProduct = {
  id: string
  title: string
  description: string
  handle: string
  /** The product's page on the external shop. */
  url: string
  images: { edges: { node: { url: string; altText?: string | null } }[] }
  variants: { edges: { node: { price: { amount: string; currencyCode?: string } } }[] }
}

export type ShopInfo = { name: string; description: string; url: string }

/** Spec §7: the shop block's name and description when the shop's own cannot be read. */
export const DEFAULT_SHOP_NAME = 'Starfinity Shop'
export const DEFAULT_SHOP_DESCRIPTION =
  'Conscious apparel and keepsakes inspired by the Starfinity universe.'

export const SHOP_PRODUCT_LIMIT = { default: 3, max: 20 } as const
/** Spec §7/§9: products are cached five minutes. */
export const SHOP_CACHE_MS = 300_000
