'use client'

import { usePathname } from 'next/navigation'
import { useEffect } from 'react'

import { trackPage } from '@/components/site/tracking/tracker'

/**
 * Mounted once in the layout: every route change starts a page's tracking (after paint).
 * `vitalsSampleRate`: the percentage of page loads whose Web Vitals are measured (site settings).
 */
export function Tracker({ vitalsSampleRate }: { vitalsSampleRate?: number }) {
  const pathname = usePathname()
  useEffect(() => {
    // The page's clean-up (listeners, timers) runs when the route changes.
    return trackPage({ vitalsSampleRate })
    // The rate is the page's from its render; a new one comes with the next page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname])
  return null
}
