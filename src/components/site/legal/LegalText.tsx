import type { ComponentPropsWithoutRef } from 'react'

import styles from './LegalText.module.css'

/** Long-form legal copy (server-rendered, no client JavaScript; decision 0071). */
export function LegalText({ className, ...props }: ComponentPropsWithoutRef<'div'>) {
  return <div className={className ? `${styles.legal} ${className}` : styles.legal} {...props} />
}
