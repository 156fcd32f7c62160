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

/**
 * The id of the mark after the page's main content. The browser draws nothing before the parser
 * has reached it (`<link rel="expect" blocking="render">`), so the first frame is the header and the
 * page's first screen together, not the header alone with the rest laid out while the scripts
 * start (decision 184).
 */
const FIRST_FRAME_END = 'main-end'

export default async function FrontendLayout({ children }: { children: ReactNode }) {
  // Static: pages are served from the page cache and refreshed when editors publish (decision 70).
  const settings = await getSiteSettings()
  return (
    <html lang="en">
      <head>
        {/* The first frame waits for the page's main content: see FIRST_FRAME_END. */}
        <link rel="expect" href={`#${FIRST_FRAME_END}`} blocking="render" />
      </head>
      <body>
        <NotificationProvider>
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          <SiteHeader />
          {children}
          <div id={FIRST_FRAME_END} hidden />
          <SiteFooter
            tagline={settings.tagline}
            linkHubUrl={settings.linkHubUrl ?? '#'}
            shopUrl={settings.shopUrl ?? '#'}
          />
        </NotificationProvider>
        <Tracker vitalsSampleRate={settings.vitalsSampleRate ?? 100} />
        <AnchorScroll />
      </body>
    </html>
  )
}
