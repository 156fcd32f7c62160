import { getPageSettings } from '@/services/content/pages'
import { previewReader } from '@/services/content/draft'
import { AboutFounder } from '@/components/site/home/AboutFounder'
import { Connect } from '@/components/site/home/Connect'
import { Ecosystem } from '@/components/site/home/Ecosystem'
import { Hero } from '@/components/site/home/Hero'
import { HomeTracking } from '@/components/site/home/HomeTracking'
import { LiveHome } from '@/components/site/live-preview/LiveHome'
import { ShopSection } from '@/components/site/shop/ShopSection'
import { StarSky } from '@/components/site/stars/StarSky'
import { backgroundStarCount } from '@/components/site/stars/star-layout'
import { Page } from '@/components/site/ui'
import { routeMetadata } from '@/components/site/content/page-metadata'

export const generateMetadata = () => routeMetadata('/')

const HOME_STARS = backgroundStarCount('medium', 80)

export default async function HomePage() {
  const settings = await getPageSettings()
  // In an editor's preview of the site settings the sections follow the form (decision 0120).
  if (await previewReader())
    return (
      <Page>
        <StarSky count={HOME_STARS} />
        <LiveHome settings={settings}>
          <AboutFounder />
          <ShopSection />
        </LiveHome>
      </Page>
    )
  return (
    <Page>
      <StarSky count={HOME_STARS} />
      <Hero tagline={settings.tagline} />
      <Ecosystem bookStoreUrl={settings.bookStoreUrl} musicStoreUrl={settings.musicStoreUrl} />
      <AboutFounder />
      <ShopSection />
      <Connect linkHubUrl={settings.linkHubUrl} />
      <HomeTracking />
    </Page>
  )
}
