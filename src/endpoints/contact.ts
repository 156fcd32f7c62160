import type { Endpoint } from 'payload'

import { contactMessageSchema } from '@/schemas/contact'
import { submitContactMessage } from '@/services/contact/submit'

import { submission } from './submission'

/** The contact form. */
export const contactEndpoints: Endpoint[] = [
  submission('/contact', 'contact', contactMessageSchema, async (req, input) => ({
    message: 'Message sent successfully',
    data: await submitContactMessage(req.payload, input),
  })),
]
