'use client'

import { apiFetch } from '@/lib/api-client'
import { REFERRAL_SOURCES, WAITLIST_INTERESTS } from '@/lib/constants'

import { CheckboxGroup, Field, Form, Select, SubmitButton, TextField } from '../forms/fields'
import { lazyValidation, useZodForm } from '../forms/use-zod-form'
import { useNotify } from '../notifications/Notifications'
import type { WaitlistPageProduct } from './products'

const validation = lazyValidation(() =>
  import('@/schemas/client').then((m) => m.waitlistFormSchema),
)

export const WAITLIST_PENDING = 'Joining the cosmic waitlist...'

/** What the success notice says, to a new address and a known one alike (decision 0163). */
export const WAITLIST_JOINED_TEXT =
  'Check your inbox: confirm your address with the link we just emailed you. The email also has the links to your place in line and to share: every friend who joins and confirms moves you up.'

/**
 * Email, first name, interests and referral (spec §3, §5). Success clears every field, the
 * interest choices included; failure keeps them and explains. The answer is the same for an address
 * already on the waitlist (the email tells the person), so the notice never says which it was.
 */
export function WaitlistForm({
  product,
  referralCode,
}: {
  product: WaitlistPageProduct
  /** The code of the referral link the visitor came through, if any. */
  referralCode?: string
}) {
  const notify = useNotify()
  const form = useZodForm(validation, { email: '', name: '', interests: [], referralSource: '' })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async ({ email, name, interests, referralSource }) => {
    try {
      await apiFetch('/api/waitlist', {
        body: {
          email,
          name,
          product,
          ...(interests?.length ? { interests } : {}),
          ...(referralSource ? { referralSource } : {}),
          ...(referralCode ? { ref: referralCode } : {}),
        },
      })
      form.reset({ email: '', name: '', interests: [], referralSource: '' })
      notify({ title: 'Successfully joined waitlist!', description: WAITLIST_JOINED_TEXT })
    } catch {
      notify({
        variant: 'destructive',
        title: 'Waitlist signup failed',
        description: 'Please check your email address and try again.',
      })
    }
  })

  return (
    <Form
      onFocus={validation.preload}
      onSubmit={submit}
      noValidate
      aria-label="Join the waitlist"
      aria-busy={isSubmitting}
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="your@email.com"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label="First name"
        autoComplete="given-name"
        placeholder="Your first name"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <CheckboxGroup>
        <legend>What interests you? (optional)</legend>
        {WAITLIST_INTERESTS.map((interest) => (
          <label key={interest}>
            <input type="checkbox" value={interest} {...form.register('interests')} />
            {interest}
          </label>
        ))}
      </CheckboxGroup>
      <Field label="How did you hear about us? (optional)">
        {(aria) => (
          <Select {...aria} {...form.register('referralSource')}>
            <option value="">Choose one</option>
            {REFERRAL_SOURCES.map((source) => (
              <option key={source} value={source}>
                {source}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <SubmitButton isSending={isSubmitting}>
        {isSubmitting ? WAITLIST_PENDING : 'Join the Waitlist'}
      </SubmitButton>
    </Form>
  )
}
