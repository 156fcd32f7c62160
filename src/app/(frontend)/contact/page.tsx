import { ContactView } from '@/components/site/contact/ContactView'
import { getSiteSettings } from '@/services/content/pages'
import { routeMetadata } from '@/components/site/content/page-metadata'

export const generateMetadata = () => routeMetadata('/contact')

export default async function ContactPage() {
  const settings = await getSiteSettings()
  return <ContactView linkHubUrl={settings.linkHubUrl} />
}
