import { box } from '../ui'
import styles from './BookArt.module.css'

/** A cover or album image at its intrinsic size, scaled down to fit (`$max` px wide at most). */
export const ArtFrame = box<{ $max?: number }>(
  'div',
  ({ $max }) => ({
    className: styles.frame,
    vars: { '--art-max': $max === undefined ? undefined : `${$max}px` },
  }),
  ['$max'],
)

/** The art beside its text, stacked on small screens. */
export const TwoColumns = box('div', () => ({ className: styles.twoColumns }))
