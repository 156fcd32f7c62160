import { WaitlistFromQuery } from '@/components/site/waitlist/WaitlistView'
import { routeMetadata } from '@/components/site/content/page-metadata'

export const generateMetadata = () => routeMetadata('/waitlist')

export default function WaitlistPage() {
  return <WaitlistFromQuery />
}
