import styles from './StarSky.module.css'
import { layoutStars } from './star-layout'

const GROUPS = 3

/** One star as a box shadow of a 2 px dot: x and y in viewport units, its size as the spread. */
const shadow = (star: { x: number; y: number; size: number }) =>
  `${star.x.toFixed(2)}vw ${star.y.toFixed(2)}vh ${Math.max(0, (star.size - 2) / 2).toFixed(1)}px #fff`

/**
 * The home page's background of twinkling stars, fixed behind everything: a server component
 * whose stars are the box shadows of three dots (one per twinkle rhythm), so it costs no
 * JavaScript, no hydration and four DOM nodes however many stars it shows. The CSS pauses the
 * twinkle for reduced motion. Positions are seeded like the demo's field.
 */
export function StarSky({ count }: { count: number }) {
  const stars = layoutStars(count)
  const groups = Array.from({ length: GROUPS }, (_, group) =>
    stars
      .filter((_, index) => index % GROUPS === group)
      .map(shadow)
      .join(', '),
  )
  return (
    <div className={styles.sky} aria-hidden="true" data-star-count={stars.length}>
      {groups.map((boxShadow, group) => (
        <span key={group} className={styles.dots} style={{ boxShadow }} />
      ))}
    </div>
  )
}
