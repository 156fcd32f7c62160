'use client'

import { apiFetch } from '@/lib/api-client'
import { CONTACT_SUBJECTS } from '@/lib/constants'

import { type Notice, useNotify } from '../notifications/Notifications'
import { Button, ButtonRow } from '../ui'
import { Field, Form, Select, SubmitButton, TextField, Textarea } from './fields'
import { lazyValidation, useZodForm } from './use-zod-form'

const validation = lazyValidation(() => import('@/schemas/client').then((m) => m.contactFormSchema))

/**
 * The contact form of the contact page and of the footer's modal: the shared schema's messages
 * under each field, 'Sending...' while pending, reset on success, kept on failure.
 */
export function ContactForm({
  success,
  failure,
  onSuccess,
  onCancel,
}: {
  success: Notice
  failure: Notice
  onSuccess?: () => void
  onCancel?: () => void
}) {
  const notify = useNotify()
  const form = useZodForm(validation, { name: '', email: '', subject: '', message: '' })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async ({ name, email, subject, message }) => {
    try {
      await apiFetch('/api/contact', { body: { name, email, subject, message } })
      form.reset()
      notify(success)
      onSuccess?.()
    } catch {
      notify({ variant: 'destructive', ...failure })
    }
  })

  return (
    <Form onFocus={validation.preload} onSubmit={submit} noValidate aria-label="Send a message">
      <TextField
        label="Name"
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
      <Field label="Subject" error={errors.subject?.message}>
        {(aria) => (
          <Select {...aria} {...form.register('subject')}>
            <option value="">Choose a subject</option>
            {CONTACT_SUBJECTS.map((subject) => (
              <option key={subject.value} value={subject.value}>
                {subject.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Message" error={errors.message?.message}>
        {(aria) => <Textarea rows={6} {...aria} {...form.register('message')} />}
      </Field>
      <ButtonRow>
        {onCancel && (
          <Button type="button" $variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <SubmitButton isSending={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send Message'}
        </SubmitButton>
      </ButtonRow>
    </Form>
  )
}
