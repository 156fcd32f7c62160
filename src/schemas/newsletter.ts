import { z } from 'zod'

import { emailSchema, optionalFirstName, optionalText, tagList } from './common'

export const newsletterSignupSchema = z.object({
  email: emailSchema(),
  firstName: optionalFirstName(100),
  interests: tagList(),
  source: optionalText(100),
})

export type NewsletterSignup = z.infer<typeof newsletterSignupSchema>
