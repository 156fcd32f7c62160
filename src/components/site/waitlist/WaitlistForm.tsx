'use client'

import { apiFetch, isDuplicate } from '@/lib/api-client'
import { REFERRAL_SOURCES, WAITLIST_INTERESTS } from '@/lib/constants'

import { CheckboxGroup, Field, Form, Select, SubmitButton, TextField } from '../forms/fields'
import { lazyValidation, useZodForm } from '../forms/use-zod-form'
import { useNotify } from '../notifications/Notifications'
import type { WaitlistPageProduct } from './products'

const validation = lazyValidation(() =>
  import('@/schemas/client').then((m) => m.waitlistFormSchema),
)

export const WAITLIST_PENDING = 'Joining the cosmic waitlist...'

/** What POST /api/waitlist answers (201). */
type WaitlistJoined = { message: string; position: number; referralUrl: string }

/**
 * Email, first name, interests and referral (spec §3, §5). Success clears every field, the
 * interest choices included; failure keeps them and explains (409: already on this waitlist).
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
      const joined = await apiFetch<WaitlistJoined>('/api/waitlist', {
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
      notify({
        title: 'Successfully joined waitlist!',
        description: `You're number ${joined.position} in line. Confirm your address with the link we just emailed you, then share your link: every friend who joins and confirms moves you up.`,
        link: { url: joined.referralUrl, label: 'Your referral link' },
      })
    } catch (error) {
      notify({
        variant: 'destructive',
        title: 'Waitlist signup failed',
        description: isDuplicate(error)
          ? "You're already on the waitlist for this product!"
          : 'Please check your email address and try again.',
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
