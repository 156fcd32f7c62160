import { Suspense } from 'react'

import { waitlistProduct } from '@/components/site/waitlist/products'
import { WaitlistFromQuery, WaitlistView } from '@/components/site/waitlist/WaitlistView'
import { pageMetadata } from '@/lib/metadata'

export const metadata = pageMetadata({
  title: 'Join the Waitlist',
  description:
    'Join the Starfinity waitlist for the Earth App, new books, music releases or the story universe.',
  path: '/waitlist',
})

export default function WaitlistPage() {
  return (
    <Suspense fallback={<WaitlistView product={waitlistProduct(null)} />}>
      <WaitlistFromQuery />
    </Suspense>
  )
}
