import { WAITLIST_PAGE_PRODUCTS, waitlistProduct } from '@/components/site/waitlist/products'
import { WaitlistFromQuery } from '@/components/site/waitlist/WaitlistView'
import { routeMetadata } from '@/components/site/content/page-metadata'

/**
 * One product's waitlist page, cached per product: `/waitlist?product=records` is served this page
 * (the proxy rewrites it, the address stays), so the first paint already shows the product.
 */
export const dynamicParams = false
export const generateStaticParams = () =>
  Object.keys(WAITLIST_PAGE_PRODUCTS).map((product) => ({ product }))

export const generateMetadata = () => routeMetadata('/waitlist')

export default async function ProductWaitlistPage({
  params,
}: {
  params: Promise<{ product: string }>
}) {
  const product = waitlistProduct((await params).product)
  return <WaitlistFromQuery pageProduct={product} />
}
