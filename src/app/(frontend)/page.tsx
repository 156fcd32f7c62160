import { Home } from '@/components/site/Home'
import { payloadClient } from '@/lib/payload'

export const revalidate = 3600

export default async function HomePage() {
  const payload = await payloadClient()
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  return <Home tagline={settings.tagline} />
}
