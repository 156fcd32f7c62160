'use client'

import styled from 'styled-components'

import { colors, media } from '../theme'
import { Subheading } from '../ui'

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

const Article = styled.article<{ $accent: string }>`
  display: grid;
  gap: 24px;
  padding: 24px;
  border-radius: 24px;
  background: ${colors.panel};
  border: 1px solid ${colors.border};
  border-top: 4px solid ${({ $accent }) => $accent};
  ${media.md} {
    grid-template-columns: 260px 1fr;
    align-items: center;
    padding: 32px;
  }
`

const Art = styled.div<{ $gradient: string }>`
  border-radius: 20px;
  overflow: hidden;
  background: ${({ $gradient }) => $gradient};
  aspect-ratio: 1;
  max-width: 320px;
  width: 100%;
  margin: 0 auto;
  img {
    display: block;
    width: 100%;
    height: auto;
  }
`

const Place = styled.p`
  margin: 4px 0 12px;
  color: ${colors.teal};
  font-weight: 600;
`

const Wisdom = styled.figure<{ $accent: string }>`
  margin: 16px 0 0;
  padding: 14px 18px;
  border-radius: 14px;
  background: rgba(255, 255, 255, 0.04);
  border-left: 4px solid ${({ $accent }) => $accent};
  figcaption {
    font-size: 0.8rem;
    font-weight: 700;
    letter-spacing: 0.12em;
    text-transform: uppercase;
    color: ${colors.gold};
  }
  blockquote {
    margin: 6px 0 0;
    font-family: Georgia, serif;
    font-style: italic;
    font-size: 1.08rem;
  }
`

/** One animal guide: artwork, home, story and a line of wisdom. */
export function CharacterCard({ character }: { character: CharacterView }) {
  const accent = character.color || colors.gold
  return (
    <Article $accent={accent} id={character.slug} aria-labelledby={`${character.slug}-name`}>
      <Art $gradient={character.gradient || colors.panelStrong}>
        {character.image && (
          // Artwork ships as SVG with its own size; next/image adds nothing for vector files.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={character.image} alt="" width={400} height={400} loading="lazy" />
        )}
      </Art>
      <div>
        <Subheading id={`${character.slug}-name`}>
          {character.icon && <span aria-hidden="true">{character.icon} </span>}
          {character.name}
        </Subheading>
        <Place>
          {character.species ? `${character.species} · ` : ''}
          {character.location}
        </Place>
        <p>{character.description}</p>
        <Wisdom $accent={accent}>
          <figcaption>Wisdom</figcaption>
          <blockquote>“{character.wisdom}”</blockquote>
        </Wisdom>
      </div>
    </Article>
  )
}
