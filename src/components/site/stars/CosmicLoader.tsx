'use client'

import styled, { keyframes } from 'styled-components'

import { colors } from '../theme'

const spin = keyframes`
  to { transform: rotate(360deg); }
`
const glow = keyframes`
  0%, 100% { transform: scale(0.9); opacity: 0.8; }
  50% { transform: scale(1.1); opacity: 1; }
`

/** A full-screen cosmic spinner: a glowing core inside two orbiting rings. */
export function CosmicLoader({ label = 'Loading the cosmos...' }: { label?: string }) {
  return (
    <Overlay role="status" aria-live="polite" data-testid="cosmic-loader">
      <Orbit aria-hidden="true">
        <Ring />
        <Ring $reverse $inset={22} $color={colors.pink} />
        <Core />
      </Orbit>
      <p>{label}</p>
    </Overlay>
  )
}

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 100;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 24px;
  background: rgba(7, 6, 26, 0.92);
  color: ${colors.text};
  font-size: 1.1rem;
`

const Orbit = styled.div`
  position: relative;
  width: 140px;
  height: 140px;
`

const Ring = styled.div<{ $reverse?: boolean; $inset?: number; $color?: string }>`
  position: absolute;
  inset: ${({ $inset }) => $inset ?? 0}px;
  border-radius: 50%;
  border: 3px solid transparent;
  border-top-color: ${({ $color }) => $color ?? colors.gold};
  border-right-color: ${({ $color }) => $color ?? colors.gold};
  animation: ${spin} ${({ $reverse }) => ($reverse ? '1.6s' : '1.1s')} linear infinite
    ${({ $reverse }) => ($reverse ? 'reverse' : 'normal')};
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`

const Core = styled.div`
  position: absolute;
  inset: 50px;
  border-radius: 50%;
  background: radial-gradient(circle, #fff 0%, ${colors.gold} 45%, ${colors.pink} 100%);
  box-shadow: 0 0 30px ${colors.gold};
  animation: ${glow} 2s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`
