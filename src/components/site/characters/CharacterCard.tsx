import type { CSSProperties } from 'react'

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
  image?: string | null
}

/** One animal guide: artwork, home, story and a line of wisdom (server-rendered; decision 0071). */
export function CharacterCard({ character }: { character: CharacterView }) {
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
        {character.image && (
          // Artwork ships as SVG with its own size; next/image adds nothing for vector files.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={character.image} alt="" width={400} height={400} />
        )}
      </div>
      <div>
        <Subheading id={`${character.slug}-name`}>{character.name}</Subheading>
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
