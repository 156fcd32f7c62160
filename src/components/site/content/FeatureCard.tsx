'use client'

import type { ReactNode } from 'react'
import styled from 'styled-components'

import { colors } from '../theme'
import { Card, Subheading } from '../ui'

const Icon = styled.span`
  display: inline-grid;
  place-items: center;
  width: 48px;
  height: 48px;
  margin-bottom: 12px;
  border-radius: 14px;
  background: ${colors.panelStrong};
  font-size: 1.5rem;
`

const Text = styled.p`
  margin: 8px 0 0;
  color: ${colors.muted};
`

/** An icon, a title and a sentence: the feature and collection cards of the product pages. */
export function FeatureCard({
  icon,
  title,
  text,
  children,
}: {
  icon: string
  title: string
  text: string
  children?: ReactNode
}) {
  return (
    <Card>
      <Icon aria-hidden="true">{icon}</Icon>
      <Subheading>{title}</Subheading>
      <Text>{text}</Text>
      {children}
    </Card>
  )
}
