import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'

import { AnchorScroll } from '@/components/site/AnchorScroll'
import { SiteFooter } from '@/components/site/layout/SiteFooter'
import { SiteHeader } from '@/components/site/layout/SiteHeader'
import { NotificationProvider } from '@/components/site/notifications/Notifications'
import { Tracker } from '@/components/site/Tracker'
import '@/components/site/site.css'
import { serverUrl } from '@/lib/env'
import { pageMetadata } from '@/lib/metadata'
import { getSiteSettings } from '@/services/content/pages'

export const metadata: Metadata = {
  metadataBase: new URL(serverUrl()),
  ...pageMetadata({ path: '/' }),
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#07061a' }

export default async function FrontendLayout({ children }: { children: ReactNode }) {
  // Static: pages are served from the page cache and refreshed when editors publish (decision 70).
  const settings = await getSiteSettings()
  return (
    <html lang="en">
      <body>
        <NotificationProvider>
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          <SiteHeader />
          {children}
          <SiteFooter
            tagline={settings.tagline}
            linkHubUrl={settings.linkHubUrl ?? '#'}
            shopUrl={settings.shopUrl ?? '#'}
          />
        </NotificationProvider>
        <Tracker />
        <AnchorScroll />
      </body>
    </html>
  )
}
