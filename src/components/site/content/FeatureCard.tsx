import type { ReactNode } from 'react'

import { Card, Subheading } from '../ui'
import styles from './FeatureCard.module.css'

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
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      <Subheading>{title}</Subheading>
      <p className={styles.text}>{text}</p>
      {children}
    </Card>
  )
}
