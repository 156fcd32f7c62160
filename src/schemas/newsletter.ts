import { z } from 'zod'

import { emailSchema, optionalText, tagList } from './common'

export const newsletterSignupSchema = z.object({
  email: emailSchema(),
  firstName: optionalText(100),
  interests: tagList(),
  source: optionalText(100),
})

export type NewsletterSignup = z.infer<typeof newsletterSignupSchema>
