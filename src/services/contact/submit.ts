import { createHash } from 'node:crypto'

import type { Payload } from 'payload'
import type { z } from 'zod'

import type { contactMessageSchema } from '@/schemas/contact'

import { createUnique } from '../shared/create-unique'

export const DUPLICATE_MESSAGE =
  'We already received this message. We will reply within 24-48 hours.'

export const submitContactMessage = async (
  payload: Payload,
  input: z.output<typeof contactMessageSchema>,
) => {
  const submissionKey = createHash('sha256')
    .update(JSON.stringify([input.email, input.subject, input.message]))
    .digest('base64url')
  return createUnique(
    payload,
    'contact-messages',
    {
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      status: 'unread',
      priority: input.priority ?? 'normal',
      tags: input.tags ?? [],
      submittedAt: new Date().toISOString(),
      submissionKey,
    },
    DUPLICATE_MESSAGE,
    'message',
  )
}
