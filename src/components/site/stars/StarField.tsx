'use client'

import { useEffect, useMemo, useState } from 'react'
import styled, { css, keyframes } from 'styled-components'

import {
  SHOOTING_STAR_CHANCE,
  SHOOTING_STAR_EVERY_MS,
  SHOOTING_STAR_MS,
  type StarPattern,
  layoutStars,
} from './star-layout'

const twinkle = keyframes`
  0%, 100% { opacity: 0.35; transform: scale(1); }
  50% { opacity: 1; transform: scale(1.35); }
`
const shoot = keyframes`
  from { transform: translate(0, 0) rotate(-30deg); opacity: 0; }
  10% { opacity: 1; }
  to { transform: translate(-70vw, 40vh) rotate(-30deg); opacity: 0; }
`

const reducedMotion = css`
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`

const Field = styled.div<{ $fixed?: boolean }>`
  position: ${({ $fixed }) => ($fixed ? 'fixed' : 'absolute')};
  inset: 0;
  overflow: hidden;
  pointer-events: none;
  z-index: 0;
`

const Dot = styled.span<{ $animated: boolean }>`
  position: absolute;
  border-radius: 50%;
  background: #fff;
  box-shadow: 0 0 6px rgba(255, 255, 255, 0.7);
  opacity: 0.7;
  ${({ $animated }) =>
    $animated &&
    css`
      animation: ${twinkle} ease-in-out infinite;
      ${reducedMotion}
    `}
`

const Streak = styled.span`
  position: absolute;
  width: 140px;
  height: 2px;
  border-radius: 2px;
  background: linear-gradient(90deg, #fff, rgba(255, 255, 255, 0));
  animation: ${shoot} ${SHOOTING_STAR_MS}ms ease-out forwards;
  ${reducedMotion}
`

export type StarFieldProps = {
  count: number
  pattern?: StarPattern
  animated?: boolean
  shootingStars?: boolean
  /** Fixed behind the whole page (home) or filling its positioned parent (demo). */
  fixed?: boolean
  /** Called when a shooting star appears (the demo counts them). */
  onShootingStar?: () => void
}

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches

/**
 * A calm field of twinkling stars, decoration only (hidden from assistive technology). Positions
 * are seeded, so the server's HTML and the browser's render match and nothing shifts.
 */
export function StarField({
  count,
  pattern = 'default',
  animated = true,
  shootingStars = false,
  fixed = false,
  onShootingStar,
}: StarFieldProps) {
  const stars = useMemo(() => layoutStars(count, pattern), [count, pattern])
  const [streak, setStreak] = useState<{ id: number; top: number; left: number } | null>(null)

  useEffect(() => {
    if (!shootingStars || !animated || prefersReducedMotion()) return
    let hide: ReturnType<typeof setTimeout> | undefined
    const timer = setInterval(() => {
      if (Math.random() >= SHOOTING_STAR_CHANCE) return
      setStreak({ id: Date.now(), top: Math.random() * 40, left: 50 + Math.random() * 45 })
      onShootingStar?.()
      hide = setTimeout(() => setStreak(null), SHOOTING_STAR_MS)
    }, SHOOTING_STAR_EVERY_MS)
    return () => {
      clearInterval(timer)
      clearTimeout(hide)
    }
  }, [shootingStars, animated, onShootingStar])

  return (
    <Field $fixed={fixed} aria-hidden="true" data-star-count={stars.length} data-pattern={pattern}>
      {stars.map((star, index) => (
        <Dot
          key={index}
          $animated={animated}
          style={{
            left: `${star.x}%`,
            top: `${star.y}%`,
            width: star.size,
            height: star.size,
            animationDelay: `${star.delay}s`,
            animationDuration: `${star.duration}s`,
          }}
        />
      ))}
      {streak && (
        <Streak
          key={streak.id}
          data-shooting-star
          style={{ top: `${streak.top}%`, left: `${streak.left}%` }}
        />
      )}
    </Field>
  )
}
