'use client'

import { useEffect } from 'react'

import { apiFetch } from '@/lib/api-client'

import { type Notice, useNotify } from '../notifications/Notifications'
import { InlineForm, SubmitButton, TextField } from './fields'
import { lazyValidation, useZodForm } from './use-zod-form'

export type NewsletterFormProps = {
  interests: string[]
  source?: string
  /** Also asks for a first name (community page). */
  withFirstName?: boolean
  /** Sends an empty first name without asking for one (the hero, spec §7). */
  sendsEmptyFirstName?: boolean
  buttonText: string
  pendingText: string
  success: Notice
  /** The notice for a failed signup, from the error (its message carries the status, spec §8). */
  failure: (error: unknown) => Notice
  onSuccess?: () => void
  id?: string
  /** The form's name for assistive technology; two forms on one page need different names. */
  label?: string
  /** Told the email as it is typed (the universe page's Follow buttons use it). */
  onEmailChange?: (email: string) => void
}

const validation = lazyValidation(() =>
  import('@/schemas/client').then((m) => m.newsletterFormSchema),
)

/**
 * The newsletter signups of the site (hero, connect, publishing, universe, records, book,
 * community): each page passes its interests and its own notices. A blank email sends nothing.
 */
export function NewsletterForm(props: NewsletterFormProps) {
  const notify = useNotify()
  const form = useZodForm(validation, { email: '', firstName: '' })
  const { errors, isSubmitting } = form.formState
  const { onEmailChange } = props

  useEffect(() => {
    if (!onEmailChange) return
    const subscription = form.watch((values) => onEmailChange(values.email ?? ''))
    return () => subscription.unsubscribe()
  }, [form, onEmailChange])

  const submit = form.handleSubmit(async ({ email, firstName }) => {
    try {
      await apiFetch('/api/newsletter', {
        body: {
          email,
          ...(props.withFirstName
            ? { firstName }
            : props.sendsEmptyFirstName
              ? { firstName: '' }
              : {}),
          interests: props.interests,
          ...(props.source ? { source: props.source } : {}),
        },
      })
      form.reset()
      notify(props.success)
      props.onSuccess?.()
    } catch (error) {
      notify({ variant: 'destructive', ...props.failure(error) })
    }
  })

  return (
    <InlineForm
      id={props.id}
      aria-label={props.label ?? 'Newsletter signup'}
      onFocus={validation.preload}
      onSubmit={(event) => {
        // Spec §5: a blank (trimmed) email sends nothing and shows nothing.
        if (!form.getValues('email')?.trim()) return event.preventDefault()
        void submit(event)
      }}
    >
      {props.withFirstName && (
        <TextField
          label="First name"
          hideLabel
          placeholder="First name"
          autoComplete="given-name"
          required
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
      )}
      <TextField
        label="Email address"
        hideLabel
        type="email"
        placeholder="your@email.com"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...form.register('email')}
      />
      <SubmitButton isSending={isSubmitting}>
        {isSubmitting ? props.pendingText : props.buttonText}
      </SubmitButton>
    </InlineForm>
  )
}
