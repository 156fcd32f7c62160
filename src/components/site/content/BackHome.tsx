'use client'

import styled from 'styled-components'

import { colors } from '../theme'
import { ButtonLink } from '../ui'

const Back = styled(ButtonLink)`
  margin-bottom: 24px;
  padding-inline: 0;
  color: ${colors.muted};
`

/** The back-to-home control of the content pages (spec §2). */
export function BackHome() {
  return (
    <Back href="/" $variant="ghost">
      <span aria-hidden="true">←</span> Back to Home
    </Back>
  )
}
