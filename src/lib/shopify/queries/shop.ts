export const SHOP_QUERY = /* GraphQL */ `
  query StarfinityShop {
    shop {
      name
      description
      primaryDomain {
        url
      }
    }
  }
`

export type ShopQueryResult = {
  shop: {
    name?: string | null
    description?: string | null
    primaryDomain?: { url: string } | null
  } | null
}
