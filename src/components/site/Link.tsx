'use client'

import NextLink from 'next/link'
import { type ComponentPropsWithoutRef, useState } from 'react'

/**
 * The public site's internal link: Next's client-side navigation, prefetched when a visitor shows
 * the intent to follow it (pointer over it, finger down on it, keyboard focus) instead of as soon
 * as it scrolls into view. A page load then fetches and parses no other page's payload or code
 * while the phone is still busy showing this one (decision 0126); the prefetch still starts a
 * hover or a touch ahead of the click.
 */
export default function Link({
  onPointerEnter,
  onFocus,
  ...props
}: Omit<ComponentPropsWithoutRef<typeof NextLink>, 'prefetch'>) {
  const [intent, setIntent] = useState(false)
  return (
    <NextLink
      {...props}
      // `null` is Next's default prefetch (the static route in full); false: none yet.
      prefetch={intent ? null : false}
      onPointerEnter={(event) => {
        setIntent(true)
        onPointerEnter?.(event)
      }}
      onFocus={(event) => {
        setIntent(true)
        onFocus?.(event)
      }}
    />
  )
}
