import { z } from 'zod'

import { CONTACT_LIMITS, CONTACT_PRIORITIES } from '@/lib/constants'

import { emailSchema, longText, personName, requiredText, tagList } from './common'

export const contactMessageSchema = z.object({
  name: personName(CONTACT_LIMITS.name),
  email: emailSchema('Please enter a valid email'),
  subject: requiredText(
    'Subject is required',
    CONTACT_LIMITS.subject,
    'Subject must be at most 200 characters',
  ),
  message: longText('Message must be at least 10 characters')
    .min(CONTACT_LIMITS.messageMin, { error: 'Message must be at least 10 characters' })
    .max(CONTACT_LIMITS.messageMax, { error: 'Message must be at most 2000 characters' }),
  priority: z
    .enum(CONTACT_PRIORITIES, { error: 'Priority must be low, normal, high or urgent' })
    .optional(),
  tags: tagList(10, 50),
})

export type ContactMessageInput = z.input<typeof contactMessageSchema>
