'use client'

import { usePathname } from 'next/navigation'
import { useEffect } from 'react'

import { trackAnalytics } from '@/components/site/tracking/tracker'

import { ANCHOR_SCROLL_DELAY_MS, scrollToSection } from './layout/section-links'

/** A URL hash naming a section scrolls to it smoothly after 100 ms (also after /#section links). */
export function AnchorScroll() {
  const pathname = usePathname()
  useEffect(() => {
    const onHash = () => {
      const id = decodeURIComponent(location.hash.slice(1))
      if (!id) return
      setTimeout(() => {
        if (scrollToSection(id))
          trackAnalytics({
            action: 'navigate',
            category: 'navigation',
            label: `section-view:${id}`,
          })
      }, ANCHOR_SCROLL_DELAY_MS)
    }
    onHash()
    window.addEventListener('hashchange', onHash)
    return () => window.removeEventListener('hashchange', onHash)
  }, [pathname])
  return null
}
