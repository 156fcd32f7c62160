'use client'

import styled from 'styled-components'

import { colors } from '../theme'

export type LyricSection = { section: string; text: string }

const Part = styled.section<{ $chorus: boolean }>`
  padding: 18px 20px;
  border-radius: 16px;
  background: ${({ $chorus }) => ($chorus ? 'rgba(245, 198, 107, 0.08)' : colors.panel)};
  border: 1px solid ${({ $chorus }) => ($chorus ? 'rgba(245, 198, 107, 0.4)' : colors.border)};
  & + & {
    margin-top: 14px;
  }
  h3 {
    margin: 0 0 8px;
    font-size: 0.8rem;
    letter-spacing: 0.14em;
    text-transform: uppercase;
    color: ${({ $chorus }) => ($chorus ? colors.gold : colors.teal)};
  }
  p {
    margin: 0;
    white-space: pre-line;
    font-family: Georgia, serif;
    font-size: 1.08rem;
    line-height: 1.7;
  }
`

const label = (parts: LyricSection[], index: number) => {
  const { section } = parts[index]
  if (section !== 'verse') return section.charAt(0).toUpperCase() + section.slice(1)
  return `Verse ${parts.slice(0, index + 1).filter((part) => part.section === 'verse').length}`
}

/** The song's full lyrics, part by part: numbered verses, chorus, bridge and outro. */
export function Lyrics({ parts }: { parts: LyricSection[] }) {
  return (
    <div>
      {parts.map((part, index) => {
        return (
          <Part key={index} $chorus={part.section === 'chorus'}>
            <h3>{label(parts, index)}</h3>
            <p>{part.text}</p>
          </Part>
        )
      })}
    </div>
  )
}
