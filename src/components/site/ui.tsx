'use client'

/**
 * The building blocks every public page is made of. Server components compose them; styles are
 * collected on the server by the registry, so pages arrive styled.
 */
import Link from 'next/link'
import styled, { css } from 'styled-components'

import { HEADER_HEIGHT, colors, gradients, media } from './theme'

export const Page = styled.main.attrs({ id: 'main' })`
  padding-top: ${HEADER_HEIGHT}px;
  min-height: 70vh;
`

export const Container = styled.div<{ $narrow?: boolean }>`
  width: 100%;
  max-width: ${({ $narrow }) => ($narrow ? '760px' : '1160px')};
  margin: 0 auto;
  padding: 0 20px;
  ${media.md} {
    padding: 0 32px;
  }
`

export const Section = styled.section<{ $tone?: 'plain' | 'panel' }>`
  padding: 64px 0;
  ${({ $tone }) =>
    $tone === 'panel' &&
    css`
      background: rgba(255, 255, 255, 0.03);
      border-block: 1px solid ${colors.border};
    `}
  ${media.md} {
    padding: 88px 0;
  }
`

export const Eyebrow = styled.p`
  margin: 0 0 0.75rem;
  color: ${colors.teal};
  font-size: 0.8rem;
  font-weight: 700;
  letter-spacing: 0.14em;
  text-transform: uppercase;
`

export const Title = styled.h1`
  font-size: clamp(2.1rem, 6vw, 3.8rem);
  background: ${gradients.aurora};
  -webkit-background-clip: text;
  background-clip: text;
  color: transparent;
`

export const Heading = styled.h2`
  font-size: clamp(1.6rem, 4vw, 2.4rem);
`

export const Subheading = styled.h3`
  font-size: 1.25rem;
`

export const Lead = styled.p`
  max-width: 46rem;
  color: ${colors.muted};
  font-size: clamp(1.05rem, 2.4vw, 1.25rem);
`

export const Muted = styled.p`
  color: ${colors.muted};
`

export const Centered = styled.div`
  text-align: center;
  & > ${Lead} {
    margin-inline: auto;
  }
`

export const Card = styled.div<{ $accent?: string }>`
  position: relative;
  padding: 24px;
  border-radius: 20px;
  background: ${colors.panel};
  border: 1px solid ${({ $accent }) => $accent ?? colors.border};
  backdrop-filter: blur(6px);
`

export const Grid = styled.div<{ $min?: number }>`
  display: grid;
  gap: 20px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, ${({ $min }) => $min ?? 260}px), 1fr));
`

export const Stack = styled.div<{ $gap?: number }>`
  display: flex;
  flex-direction: column;
  gap: ${({ $gap }) => $gap ?? 16}px;
`

export const ButtonRow = styled.div<{ $center?: boolean }>`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-top: 20px;
  justify-content: ${({ $center }) => ($center ? 'center' : 'flex-start')};
`

export type ButtonVariant = 'primary' | 'secondary' | 'ghost'

const buttonStyle = css<{ $variant?: ButtonVariant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 44px;
  padding: 10px 22px;
  border-radius: 999px;
  border: 1px solid transparent;
  font-weight: 700;
  font-size: 0.98rem;
  text-decoration: none;
  cursor: pointer;
  transition:
    transform 0.15s ease,
    box-shadow 0.15s ease,
    background 0.15s ease;
  ${({ $variant = 'primary' }) =>
    $variant === 'primary'
      ? css`
          background: ${gradients.cta};
          color: ${colors.ink};
          box-shadow: 0 6px 24px rgba(236, 111, 207, 0.25);
        `
      : $variant === 'secondary'
        ? css`
            background: ${colors.panelStrong};
            color: ${colors.text};
            border-color: ${colors.border};
          `
        : css`
            background: transparent;
            color: ${colors.text};
            border-color: transparent;
            text-decoration: underline;
            text-underline-offset: 4px;
          `}
  &:hover:not(:disabled) {
    transform: translateY(-1px);
  }
  &:disabled {
    opacity: 0.6;
    cursor: progress;
  }
`

export const Button = styled.button<{ $variant?: ButtonVariant }>`
  ${buttonStyle}
`

export const ButtonLink = styled(Link)<{ $variant?: ButtonVariant }>`
  ${buttonStyle}
`

/** An outbound link: always a new tab, never leaking the opener. */
export const ExternalButton = styled.a.attrs({ target: '_blank', rel: 'noopener noreferrer' })<{
  $variant?: ButtonVariant
}>`
  ${buttonStyle}
`

export const ExternalLink = styled.a.attrs({ target: '_blank', rel: 'noopener noreferrer' })`
  color: ${colors.gold};
`

export const Badge = styled.span<{ $tone?: 'gold' | 'teal' | 'violet' }>`
  display: inline-block;
  padding: 3px 12px;
  border-radius: 999px;
  font-size: 0.78rem;
  font-weight: 700;
  color: ${colors.ink};
  background: ${({ $tone = 'gold' }) =>
    $tone === 'teal' ? colors.teal : $tone === 'violet' ? colors.violet : colors.gold};
`

export const List = styled.ul`
  margin: 0;
  padding-left: 1.2rem;
  color: ${colors.muted};
  li + li {
    margin-top: 6px;
  }
`
