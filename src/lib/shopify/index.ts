import { storefrontQuery } from './client'
import type { ShopifySettings } from './config'
import { PRODUCTS_QUERY, type ProductsQueryResult } from './queries/products'
import { SHOP_QUERY, type ShopQueryResult } from './queries/shop'
import type { ShopInfo, ShopProduct } from './types'

export { ShopifyError, clearShopifyCache } from './client'
export { shopifySettings } from './config'
export type { ShopInfo, ShopProduct } from './types'

type Configured = Extract<ShopifySettings, { isConfigured: true }>

/** The store's best sellers, reshaped into our type (products without a price keep no variant). */
export const fetchShopifyProducts = async (
  settings: Configured,
  limit: number,
): Promise<ShopProduct[]> => {
  const data = await storefrontQuery<ProductsQueryResult>(settings, PRODUCTS_QUERY, {
    first: limit,
  })
  return data.products.edges.map(({ node }) => ({
    id: node.id,
    title: node.title,
    description: node.description ?? '',
    handle: node.handle,
    url: node.onlineStoreUrl ?? `${settings.origin}/products/${encodeURIComponent(node.handle)}`,
    images: { edges: node.images?.edges ?? [] },
    variants: {
      edges: (node.variants?.edges ?? []).flatMap(({ node: variant }) =>
        variant.price ? [{ node: { price: variant.price } }] : [],
      ),
    },
  }))
}

/** The store's name, description and address; blanks are filled from `defaults`. */
export const fetchShopifyShop = async (
  settings: Configured,
  defaults: ShopInfo,
): Promise<ShopInfo> => {
  // A store may answer without its shop (null) or with blank fields: the defaults stand in.
  const { shop } = await storefrontQuery<ShopQueryResult>(settings, SHOP_QUERY)
  return {
    name: shop?.name || defaults.name,
    description: shop?.description || defaults.description,
    url: shop?.primaryDomain?.url || settings.origin,
  }
}
