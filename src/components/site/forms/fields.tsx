'use client'

import {
  type ComponentProps,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  useId,
  useSyncExternalStore,
} from 'react'

import { Button, classes } from '../ui'
import styles from './fields.module.css'

/** Label, control and the field's error text, tied together for assistive technology. */
type FieldProps = { label: ReactNode; error?: string; hint?: ReactNode; hideLabel?: boolean }

export const Input = ({ className, ...props }: ComponentProps<'input'>) => (
  <input className={classes(styles.control, className)} {...props} />
)
export const Textarea = ({ className, ...props }: ComponentProps<'textarea'>) => (
  <textarea className={classes(styles.control, styles.textarea, className)} {...props} />
)
export const Select = ({ className, ...props }: ComponentProps<'select'>) => (
  <select className={classes(styles.control, styles.select, className)} {...props} />
)

type ControlRender = (props: {
  id: string
  'aria-invalid': boolean
  'aria-describedby'?: string
}) => ReactNode

export function Field({
  label,
  error,
  hint,
  hideLabel,
  children,
}: FieldProps & { children: ControlRender }) {
  const id = useId()
  const described = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ')
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={classes(styles.label, hideLabel && 'visually-hidden')}>
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': described || undefined })}
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  )
}

/** A text-like input with its label and error (the common case). */
export function TextField({
  label,
  error,
  hint,
  hideLabel,
  ref,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <Field label={label} error={error} hint={hint} hideLabel={hideLabel}>
      {(aria) => <Input ref={ref} {...input} {...aria} />}
    </Field>
  )
}

export const Form = ({ className, ...props }: ComponentProps<'form'>) => (
  <form className={classes(styles.form, className)} {...props} />
)

export const InlineForm = ({ className, ...props }: ComponentProps<'form'>) => (
  <form className={classes(styles.inlineForm, className)} {...props} />
)

export const CheckboxGroup = ({ className, ...props }: ComponentProps<'fieldset'>) => (
  <fieldset className={classes(styles.checkboxGroup, className)} {...props} />
)

const noSubscription = () => () => undefined

/**
 * A form's submit button: pressable once the page has hydrated (a press before would submit the
 * form natively, a GET that puts the fields, the address included, in the page's URL) and not while
 * the form is being sent.
 */
export function SubmitButton({ isSending, children }: { isSending: boolean; children: ReactNode }) {
  const isHydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
  return (
    <Button type="submit" disabled={isSending || !isHydrated}>
      {children}
    </Button>
  )
}
