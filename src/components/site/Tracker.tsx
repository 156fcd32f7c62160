'use client'

import { usePathname } from 'next/navigation'
import { useEffect } from 'react'

import { trackPage } from '@/components/site/tracking/tracker'

/** Mounted once in the layout: every route change starts a page's tracking (after paint). */
export function Tracker() {
  const pathname = usePathname()
  useEffect(() => {
    // The page's clean-up (listeners, timers) runs when the route changes.
    return trackPage()
  }, [pathname])
  return null
}
