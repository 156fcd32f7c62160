import type { CSSProperties } from 'react'

import type { Media } from '@/payload-types'

import { MediaImage } from '../MediaImage'
import { colors } from '../theme'
import { Subheading } from '../ui'
import styles from './CharacterCard.module.css'

export type CharacterView = {
  slug: string
  name: string
  species?: string | null
  location: string
  description: string
  wisdom: string
  icon?: string | null
  color?: string | null
  gradient?: string | null
  artwork?: Media | number | null
}

/**
 * One animal guide: artwork, home, story and a line of wisdom (server-rendered; decision 0071).
 * `priority` for the first card, whose artwork is the largest thing on a phone's first screen.
 */
export function CharacterCard({
  character,
  priority = false,
}: {
  character: CharacterView
  priority?: boolean
}) {
  const accent = character.color || colors.gold
  const vars = {
    '--accent': accent,
    '--art': character.gradient || colors.panelStrong,
  } as CSSProperties
  return (
    <article
      className={styles.article}
      style={vars}
      id={character.slug}
      aria-labelledby={`${character.slug}-name`}
    >
      <div className={styles.art}>
        <MediaImage
          media={character.artwork}
          sizes="(min-width: 400px) 320px, 100vw"
          priority={priority}
        />
      </div>
      <div>
        <Subheading as="h2" id={`${character.slug}-name`}>
          {character.name}
        </Subheading>
        <p className={styles.place}>
          {character.species ? `${character.species} · ` : ''}
          {character.location}
        </p>
        <p>{character.description}</p>
        <figure className={styles.wisdom}>
          <figcaption>Wisdom</figcaption>
          <blockquote>“{character.wisdom}”</blockquote>
        </figure>
      </div>
    </article>
  )
}
