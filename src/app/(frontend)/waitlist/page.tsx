import { Suspense } from 'react'

import { waitlistProduct } from '@/components/site/waitlist/products'
import { WaitlistFromQuery, WaitlistView } from '@/components/site/waitlist/WaitlistView'
import { routeMetadata } from '@/components/site/content/page-metadata'

export const generateMetadata = () => routeMetadata('/waitlist')

export default function WaitlistPage() {
  return (
    <Suspense fallback={<WaitlistView product={waitlistProduct(null)} />}>
      <WaitlistFromQuery />
    </Suspense>
  )
}
