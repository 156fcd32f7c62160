import { ContactView } from '@/components/site/contact/ContactView'
import { pageMetadata } from '@/lib/metadata'
import { getSiteSettings } from '@/lib/site-content'

export const metadata = pageMetadata({
  title: 'Connect with Purpose',
  description:
    'Collaboration, guidance, community building, media and speaking: send a message and expect a reply within 24-48 hours.',
  path: '/contact',
})

export default async function ContactPage() {
  const settings = await getSiteSettings()
  return <ContactView linkHubUrl={settings.linkHubUrl} />
}
