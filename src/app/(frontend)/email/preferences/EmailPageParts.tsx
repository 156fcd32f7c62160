/** The small pieces of the email pages (confirm, preferences) that plain HTML forms need. */
import type { ComponentProps } from 'react'

import { classes } from '@/components/site/ui'

import styles from './EmailPageParts.module.css'

export const Form = ({ className, ...props }: ComponentProps<'form'>) => (
  <form className={classes(styles.form, className)} {...props} />
)

export const CheckRow = ({ className, ...props }: ComponentProps<'label'>) => (
  <label className={classes(styles.checkRow, className)} {...props} />
)

export const Notice = ({
  $tone,
  className,
  ...props
}: ComponentProps<'p'> & { $tone?: 'ok' | 'error' }) => (
  <p className={classes(styles.notice, $tone === 'error' && styles.error, className)} {...props} />
)

export const FieldLabel = ({ className, ...props }: ComponentProps<'label'>) => (
  <label className={classes(styles.fieldLabel, className)} {...props} />
)
