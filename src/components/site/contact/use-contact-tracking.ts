'use client'

import { type RefObject, useEffect } from 'react'

import { trackAnalytics } from '@/components/site/tracking/tracker'

export const IDLE_FOCUS_DELAY_MS = 30_000

/**
 * Spec §4: an event when the contact page loads, and one (once) 30 s after the last focus of any
 * input or textarea inside `area` — a visitor who started the form and paused.
 */
export function useContactTracking(area: RefObject<HTMLElement | null>) {
  useEffect(() => {
    trackAnalytics({ action: 'navigate', category: 'contact_action', label: 'contact-page-load' })
    const element = area.current
    if (!element) return
    let timer: ReturnType<typeof setTimeout> | undefined
    let isSent = false
    const onFocus = (event: FocusEvent) => {
      const target = event.target as HTMLElement
      if (isSent || !target.matches('input, textarea')) return
      clearTimeout(timer)
      timer = setTimeout(() => {
        isSent = true
        trackAnalytics({
          action: 'contact',
          category: 'contact_action',
          label: 'contact-form-idle-focus',
          value: IDLE_FOCUS_DELAY_MS / 1000,
        })
      }, IDLE_FOCUS_DELAY_MS)
    }
    element.addEventListener('focusin', onFocus)
    return () => {
      element.removeEventListener('focusin', onFocus)
      clearTimeout(timer)
    }
  }, [area])
}
