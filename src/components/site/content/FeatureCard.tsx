import type { ReactNode } from 'react'

import { Card, Subheading } from '../ui'
import styles from './FeatureCard.module.css'

/** An icon, a title and a sentence: the feature and collection cards of the product pages. */
export function FeatureCard({
  icon,
  title,
  text,
  heading = 'h3',
  children,
}: {
  icon: string
  title: string
  text: string
  /** The title's level: h2 where the cards come straight after the page's h1. */
  heading?: 'h2' | 'h3'
  children?: ReactNode
}) {
  return (
    <Card>
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      <Subheading as={heading}>{title}</Subheading>
      <p className={styles.text}>{text}</p>
      {children}
    </Card>
  )
}
