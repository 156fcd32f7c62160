import { ButtonLink } from '../ui'
import styles from './BackHome.module.css'

/** The back-to-home control of the content pages (spec §2). */
export function BackHome() {
  return (
    <ButtonLink href="/" $variant="ghost" className={styles.back}>
      <span aria-hidden="true">←</span> Back to Home
    </ButtonLink>
  )
}
