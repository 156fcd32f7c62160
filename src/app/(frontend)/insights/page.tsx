import { InsightsIndex } from '@/components/site/insights/InsightsIndex'
import { routeMetadata } from '@/components/site/content/page-metadata'

export const generateMetadata = () => routeMetadata('/insights')

export default function InsightsPage() {
  return <InsightsIndex page={1} />
}
