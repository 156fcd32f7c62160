import { z } from 'zod'

import { DEFAULT_PRODUCT, PRODUCTS } from '@/lib/constants'

import { emailSchema, optionalText, requiredText, tagList } from './common'

export const waitlistSignupSchema = z.object({
  email: emailSchema(),
  name: requiredText('Name is required', 100, 'Name must be at most 100 characters'),
  product: z
    .enum(PRODUCTS, { error: 'Please choose one of our products' })
    .default(DEFAULT_PRODUCT),
  interests: tagList(),
  referralSource: optionalText(100),
})

export type WaitlistSignup = z.input<typeof waitlistSignupSchema>
