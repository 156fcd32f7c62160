import styles from './CosmicLoader.module.css'

/** A full-screen cosmic spinner: a glowing core inside two orbiting rings. */
export function CosmicLoader({ label = 'Loading the cosmos...' }: { label?: string }) {
  return (
    <div className={styles.overlay} role="status" aria-live="polite" data-testid="cosmic-loader">
      <div className={styles.orbit} aria-hidden="true">
        <div className={styles.ring} />
        <div className={`${styles.ring} ${styles.innerRing}`} />
        <div className={styles.core} />
      </div>
      <p>{label}</p>
    </div>
  )
}
