import { notFound } from 'next/navigation'

import { InsightsIndex } from '@/components/site/insights/InsightsIndex'
import { pageMetadata } from '@/lib/metadata'
import { listPageNumber } from '@/lib/routes'

type Params = Promise<{ page: string }>

/** Pages are rendered on first view and then cached (decision 0070). */
export const generateStaticParams = () => []

export async function generateMetadata({ params }: { params: Params }) {
  const { page } = await params
  return pageMetadata({
    title: `Insights, page ${page}`,
    description: 'Older stories from Starfinity Insights.',
    path: `/insights/page/${page}`,
  })
}

export default async function InsightsListPage({ params }: { params: Params }) {
  const page = listPageNumber((await params).page)
  if (!page) notFound()
  return <InsightsIndex page={page} />
}
