import type { CSSProperties, ReactNode } from 'react'

import { Card, Grid, Muted, Subheading } from '../ui'
import styles from './CardGrid.module.css'

export type GridCard = {
  title: string
  text: string
  /** The product pages' cards lead with an icon. */
  icon?: string
  /** Anything under the text (a badge). */
  children?: ReactNode
}

/**
 * The one card grid of the content pages (about, community, universe, publishing, earth app,
 * privacy): a title and a sentence a card, led by an icon where one is given.
 */
export function CardGrid({
  cards,
  min,
  heading = 'h3',
  style,
}: {
  cards: readonly GridCard[]
  /** The narrowest a column gets, in pixels (the grid's default otherwise). */
  min?: number
  /** The titles' level: h2 where the cards come straight after the page's h1. */
  heading?: 'h2' | 'h3'
  style?: CSSProperties
}) {
  return (
    <Grid $min={min} style={style}>
      {cards.map(({ title, text, icon, children }) => (
        <Card key={title}>
          {icon && (
            <span className={styles.icon} aria-hidden="true">
              {icon}
            </span>
          )}
          <Subheading as={heading}>{title}</Subheading>
          {icon ? <p className={styles.text}>{text}</p> : <Muted>{text}</Muted>}
          {children}
        </Card>
      ))}
    </Grid>
  )
}
