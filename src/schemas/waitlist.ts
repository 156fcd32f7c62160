import { z } from 'zod'

import { DEFAULT_PRODUCT, PRODUCTS, REFERRAL_CODE_PATTERN } from '@/lib/constants'

import { emailSchema, line, optionalText, personName, tagList } from './common'

export const INVALID_REFERRAL_CODE = 'Invalid referral code'

export const waitlistSignupSchema = z.object({
  email: emailSchema(),
  name: personName(100),
  product: z
    .enum(PRODUCTS, { error: 'Please choose one of our products' })
    .default(DEFAULT_PRODUCT),
  interests: tagList(),
  referralSource: optionalText(100),
  /** The referral code of the link the person came through (`/waitlist?product=…&ref=CODE`). */
  ref: line(INVALID_REFERRAL_CODE)
    .refine((value) => value === '' || REFERRAL_CODE_PATTERN.test(value), {
      error: INVALID_REFERRAL_CODE,
    })
    .transform((value) => value || undefined)
    .optional(),
})

export type WaitlistSignup = z.input<typeof waitlistSignupSchema>
