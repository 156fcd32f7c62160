'use client'

import { apiFetch } from '@/lib/api-client'
import { CHILD_AGES } from '@/lib/constants'

import { Field, Form, Select, SubmitButton, TextField } from '../forms/fields'
import { lazyValidation, useZodForm } from '../forms/use-zod-form'
import { useNotify } from '../notifications/Notifications'
import { CHILD_AGE_LABELS, PARENT_INTERESTS, PARENT_SOURCE, type SurveyAnswers } from './survey'

const validation = lazyValidation(() => import('@/schemas/client').then((m) => m.parentFormSchema))

/** Name, email and child's age, sent with the survey answers (spec §3, §5, §7). */
export function ParentSignupForm({
  answers,
  onSuccess,
}: {
  answers: SurveyAnswers
  onSuccess: () => void
}) {
  const notify = useNotify()
  const form = useZodForm(validation, { name: '', email: '', childAge: undefined })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async ({ name, email, childAge }) => {
    try {
      await apiFetch('/api/parent-engagement', {
        body: {
          name,
          email,
          childAge,
          ...answers,
          interests: PARENT_INTERESTS,
          source: PARENT_SOURCE,
        },
      })
      form.reset()
      notify({
        title: 'Welcome to the journey!',
        description: "Your free 'Five-Minute Nature Moments' guide is on its way to your inbox.",
      })
      onSuccess()
    } catch {
      notify({
        variant: 'destructive',
        title: 'Connection Error',
        description: 'Please try again in a moment.',
      })
    }
  })

  return (
    <Form onFocus={validation.preload} onSubmit={submit} noValidate aria-label="Join the journey">
      <TextField
        label="Your name"
        autoComplete="name"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Field label="Your child's age" error={errors.childAge?.message}>
        {(aria) => (
          <Select {...aria} {...form.register('childAge')}>
            <option value="">Select an age range</option>
            {CHILD_AGES.map((age) => (
              <option key={age} value={age}>
                {CHILD_AGE_LABELS[age]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <SubmitButton isSending={isSubmitting}>
        {isSubmitting ? 'Joining the Journey...' : 'Join the Journey'}
      </SubmitButton>
    </Form>
  )
}
