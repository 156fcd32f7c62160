import { InsightsIndex } from '@/components/site/insights/InsightsIndex'
import { pageMetadata } from '@/lib/metadata'

export const metadata = pageMetadata({
  title: 'Insights: Stories Behind the Stories',
  description:
    'Starfinity Insights: the stories behind our books, songs and animal guides, told by the ' +
    'people who make them.',
  path: '/insights',
})

export default function InsightsPage() {
  return <InsightsIndex page={1} />
}
