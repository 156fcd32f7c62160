import type { ShopProduct } from '@/lib/shopify/types'

export const STOCK_PRODUCT_IMAGE = '/images/shop/stock-product.svg'
export const PRICE_UNAVAILABLE = 'Price unavailable'

/** Spec §9: a dollar sign and two decimals; no usable price reads 'Price unavailable'. */
export const formatPrice = (product: ShopProduct) => {
  const amount = Number(product.variants.edges[0]?.node.price.amount ?? Number.NaN)
  return Number.isFinite(amount) ? `$${amount.toFixed(2)}` : PRICE_UNAVAILABLE
}

/** The host the empty state names: the shop address's host, else the shop's name. */
export const shopHost = (shop: { name: string; url: string } | undefined) => {
  if (!shop) return 'our shop'
  try {
    return new URL(shop.url).host
  } catch {
    return shop.name || 'our shop'
  }
}
