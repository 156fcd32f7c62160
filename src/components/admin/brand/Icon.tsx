import { useId } from 'react'

/**
 * The brand's four-pointed star in the aurora gradient: Payload's admin icon (nav, tab bar) and the
 * mark of the logo. Without a size it fills its box, as Payload's own icon does.
 */
export function Icon({ size }: { size?: number }) {
  const gradient = useId()
  return (
    <svg
      className="graphic-icon starfinity-icon"
      width={size ?? '100%'}
      height={size ?? '100%'}
      viewBox="0 0 32 32"
      role="img"
      aria-label="Starfinity"
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8b6cff" />
          <stop offset="0.5" stopColor="#ec6fcf" />
          <stop offset="1" stopColor="#f5c66b" />
        </linearGradient>
      </defs>
      <path
        d="M16 1c1.2 8.6 6.4 13.8 15 15-8.6 1.2-13.8 6.4-15 15-1.2-8.6-6.4-13.8-15-15 8.6-1.2 13.8-6.4 15-15z"
        fill={`url(#${gradient})`}
      />
    </svg>
  )
}
