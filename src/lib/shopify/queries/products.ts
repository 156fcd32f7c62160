export const PRODUCTS_QUERY = /* GraphQL */ `
  query StarfinityProducts($first: Int!) {
    products(first: $first, sortKey: BEST_SELLING) {
      edges {
        node {
          id
          title
          description
          handle
          onlineStoreUrl
          images(first: 1) {
            edges {
              node {
                url
                altText
              }
            }
          }
          variants(first: 1) {
            edges {
              node {
                price {
                  amount
                  currencyCode
                }
              }
            }
          }
        }
      }
    }
  }
`

export type ProductsQueryResult = {
  products: {
    edges: {
      node: {
        id: string
        title: string
        description?: string | null
        handle: string
        onlineStoreUrl?: string | null
        images?: { edges: { node: { url: string; altText?: string | null } }[] } | null
        variants?: {
          edges: { node: { price?: { amount: string; currencyCode?: string } | null } }[]
        } | null
      }
    }[]
  }
}
