'use client'

import type { ReactNode } from 'react'

import { Button, type ButtonVariant } from '../ui'
import { scrollToSection } from './section-links'

/** A button that smoothly scrolls to a section of the page. */
export function SectionButton({
  section,
  $variant,
  children,
}: {
  section: string
  $variant?: ButtonVariant
  children: ReactNode
}) {
  return (
    <Button type="button" $variant={$variant} onClick={() => scrollToSection(section)}>
      {children}
    </Button>
  )
}
