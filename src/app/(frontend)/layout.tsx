import type { Metadata } from 'next'
import type { ReactNode } from 'react'

import { StyledComponentsRegistry } from '@/components/site/StyledComponentsRegistry'
import { TAGLINE } from '@/lib/constants'

export const metadata: Metadata = {
  title: { default: `Starfinity — ${TAGLINE}`, template: '%s | Starfinity' },
  description:
    'Books, music, a companion app and a community for conscious families. ' + TAGLINE + '.',
}

export default function FrontendLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <StyledComponentsRegistry>{children}</StyledComponentsRegistry>
      </body>
    </html>
  )
}
