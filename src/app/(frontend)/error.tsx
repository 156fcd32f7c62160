'use client'

import { RenderError } from '@/components/site/errors/RenderError'

/** A page of the site that failed to render, inside the site's header and footer. */
export default function FrontendError({ reset }: { error: Error; reset: () => void }) {
  return <RenderError reset={reset} />
}
