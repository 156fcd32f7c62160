/** Star positions for the star fields: deterministic, so the server and the browser agree. */
export const STAR_DENSITIES = ['low', 'medium', 'high'] as const
export type StarDensity = (typeof STAR_DENSITIES)[number]
export const STAR_PATTERNS = ['default', 'heart', 'infinity', 'spiral'] as const
export type StarPattern = (typeof STAR_PATTERNS)[number]

/** Spec §9: density factors and the minimum count of the background field. */
export const DENSITY_FACTORS: Record<StarDensity, number> = { low: 0.8, medium: 1.2, high: 1.8 }
export const MIN_STARS = 20
/** Spec §9: the demo page shows about 50, 100 and 150 stars. */
export const DEMO_STAR_COUNTS: Record<StarDensity, number> = { low: 50, medium: 100, high: 150 }
/** Spec §4/§9: a shooting star may appear every 10 s (30 % chance) and lasts 3 s. */
export const SHOOTING_STAR_EVERY_MS = 10_000
export const SHOOTING_STAR_CHANCE = 0.3
export const SHOOTING_STAR_MS = 3000

export const backgroundStarCount = (density: StarDensity, base: number) =>
  Math.max(MIN_STARS, Math.round(base * DENSITY_FACTORS[density]))

export type Star = { x: number; y: number; size: number; delay: number; duration: number }

/** mulberry32: a tiny seeded generator. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

/** A point of the pattern's curve for t in [0, 1), in percent of the field (centred). */
const curve = (pattern: Exclude<StarPattern, 'default'>, t: number): [number, number] => {
  const angle = t * Math.PI * 2
  if (pattern === 'heart') {
    const x = 16 * Math.sin(angle) ** 3
    const y = 13 * Math.cos(angle) - 5 * Math.cos(2 * angle) - 2 * Math.cos(3 * angle)
    return [50 + x * 1.9, 48 - (y - Math.cos(4 * angle)) * 2.1]
  }
  if (pattern === 'infinity') {
    const d = 1 + Math.sin(angle) ** 2
    return [50 + (Math.cos(angle) / d) * 38, 50 + ((Math.sin(angle) * Math.cos(angle)) / d) * 55]
  }
  const turns = t * Math.PI * 6
  return [50 + Math.cos(turns) * t * 40, 50 + Math.sin(turns) * t * 40]
}

export const layoutStars = (count: number, pattern: StarPattern = 'default', seed = 7): Star[] => {
  const next = random(seed)
  return Array.from({ length: count }, (_, index) => {
    const [x, y] =
      pattern === 'default'
        ? [next() * 100, next() * 100]
        : curve(pattern, index / count).map((value) => value + (next() - 0.5) * 3)
    return {
      x: Math.min(99.5, Math.max(0.5, x)),
      y: Math.min(99.5, Math.max(0.5, y)),
      size: 1 + Math.round(next() * 20) / 10,
      delay: Math.round(next() * 50) / 10,
      duration: 3 + Math.round(next() * 40) / 10,
    }
  })
}
