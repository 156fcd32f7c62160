'use client'

import { useCallback, useState } from 'react'

import { trackAnalytics } from '@/components/site/tracking/tracker'

import { Button, ButtonLink, ButtonRow, Muted } from '../ui'
import { StarField } from './StarField'
import styles from './StarsDemo.module.css'
import {
  DEMO_STAR_COUNTS,
  STAR_DENSITIES,
  STAR_PATTERNS,
  type StarDensity,
  type StarPattern,
} from './star-layout'

const PATTERN_LABELS: Record<StarPattern, string> = {
  default: 'Default',
  heart: 'Heart',
  infinity: 'Infinity',
  spiral: 'Spiral',
}
const capitalize = (text: string) => text[0].toUpperCase() + text.slice(1)

const track = (label: string) =>
  trackAnalytics({ action: 'demo', category: 'demo_interaction', label })

/** The star-field demo (spec §4): density, animation on or off, pattern, shooting stars. */
export function StarsDemo() {
  const [density, setDensity] = useState<StarDensity>('medium')
  const [pattern, setPattern] = useState<StarPattern>('default')
  const [isAnimated, setAnimated] = useState(true)
  const [shootingCount, setShootingCount] = useState(0)
  const countShootingStar = useCallback(() => setShootingCount((count) => count + 1), [])

  return (
    <>
      <div className={styles.controls} aria-label="Star field settings">
        <fieldset>
          <legend>Density</legend>
          {STAR_DENSITIES.map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="density"
                value={value}
                checked={density === value}
                onChange={() => {
                  setDensity(value)
                  track(`density:${value}`)
                }}
              />
              {capitalize(value)}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Pattern</legend>
          {STAR_PATTERNS.map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="pattern"
                value={value}
                checked={pattern === value}
                onChange={() => {
                  setPattern(value)
                  track(`pattern:${value}`)
                }}
              />
              {PATTERN_LABELS[value]}
            </label>
          ))}
        </fieldset>
        <div>
          <Button
            type="button"
            $variant="secondary"
            aria-pressed={isAnimated}
            onClick={() => {
              setAnimated(!isAnimated)
              track(`animation:${isAnimated ? 'off' : 'on'}`)
            }}
          >
            Animation: {isAnimated ? 'On' : 'Off'}
          </Button>
        </div>
      </div>
      <div className={styles.sky} data-testid="star-sky">
        <StarField
          count={DEMO_STAR_COUNTS[density]}
          pattern={pattern}
          animated={isAnimated}
          shootingStars
          onShootingStar={countShootingStar}
        />
      </div>
      <Muted aria-live="polite">
        {DEMO_STAR_COUNTS[density]} stars, {PATTERN_LABELS[pattern].toLowerCase()} pattern,
        animation {isAnimated ? 'on' : 'off'}. Shooting stars seen: {shootingCount}. One may streak
        by about every ten seconds while the animation is on.
      </Muted>
      <ButtonRow>
        <ButtonLink href="/" $variant="secondary">
          Back to Home
        </ButtonLink>
      </ButtonRow>
    </>
  )
}
