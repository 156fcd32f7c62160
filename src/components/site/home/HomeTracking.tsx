'use client'

import { useEffect } from 'react'

import { scrollDepth, trackAnalytics } from '@/components/site/tracking/tracker'

/** Spec §7: deep-scroll is reported above 75 % depth, once scrolling has rested for 1 s. */
export const DEEP_SCROLL_DEPTH = 75
export const DEEP_SCROLL_REST_MS = 1000

/** The home page's own events: page-load on load, deep-scroll once per visit of the page. */
export function HomeTracking() {
  useEffect(() => {
    trackAnalytics({ action: 'navigate', category: 'navigation', label: 'page-load' })
    let rest: ReturnType<typeof setTimeout> | undefined
    let isReported = false
    const onScroll = () => {
      clearTimeout(rest)
      rest = setTimeout(() => {
        const depth = scrollDepth()
        if (isReported || depth <= DEEP_SCROLL_DEPTH) return
        isReported = true
        trackAnalytics({
          action: 'explore',
          category: 'content_interaction',
          label: 'deep-scroll',
          value: depth,
        })
      }, DEEP_SCROLL_REST_MS)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      clearTimeout(rest)
    }
  }, [])
  return null
}
