'use client'

import { useEffect, useState } from 'react'

import { trackAnalytics } from '@/components/site/tracking/tracker'

import { Button, ButtonLink, ButtonRow } from '../ui'
import { CosmicLoader } from './CosmicLoader'

/** Spec §4: the demo loader closes after 3 seconds. */
export const DEMO_LOADER_MS = 3000

/** Shows the loader on arrival and on demand, each time for three seconds. */
export function LoaderDemo() {
  const [shownAt, setShownAt] = useState<number | null>(0)

  useEffect(() => {
    if (shownAt === null) return
    const timer = setTimeout(() => setShownAt(null), DEMO_LOADER_MS)
    return () => clearTimeout(timer)
  }, [shownAt])

  return (
    <>
      {shownAt !== null && <CosmicLoader />}
      <ButtonRow $center>
        <Button
          type="button"
          onClick={() => {
            trackAnalytics({ action: 'demo', category: 'demo_interaction', label: 'cosmic-loader' })
            setShownAt(Date.now())
          }}
        >
          Show Loader Again
        </Button>
        <ButtonLink href="/" $variant="secondary">
          Back to Home
        </ButtonLink>
      </ButtonRow>
    </>
  )
}
