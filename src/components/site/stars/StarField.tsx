'use client'

import { type CSSProperties, useEffect, useMemo, useState } from 'react'

import {
  SHOOTING_STAR_CHANCE,
  SHOOTING_STAR_EVERY_MS,
  SHOOTING_STAR_MS,
  type StarPattern,
  layoutStars,
} from './star-layout'
import styles from './StarField.module.css'

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
    <div
      className={fixed ? `${styles.field} ${styles.fixed}` : styles.field}
      aria-hidden="true"
      data-star-count={stars.length}
      data-pattern={pattern}
      data-animated={animated}
    >
      {stars.map((star, index) => (
        <span
          key={index}
          className={styles.dot}
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
        <span
          key={streak.id}
          className={styles.streak}
          data-shooting-star
          style={
            {
              top: `${streak.top}%`,
              left: `${streak.left}%`,
              '--shoot-ms': `${SHOOTING_STAR_MS}ms`,
            } as CSSProperties
          }
        />
      )}
    </div>
  )
}
