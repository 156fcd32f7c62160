import type { Payload } from 'payload'
import type { z } from 'zod'

import type { waitlistSignupSchema } from '@/schemas/waitlist'

import { createUnique } from './create-unique'
import { recordConsent } from './record-consent'

export const ALREADY_ON_WAITLIST = "You're already on the waitlist for this product!"

export const joinWaitlist = async (
  payload: Payload,
  input: z.output<typeof waitlistSignupSchema>,
  ip: string,
) => {
  const { id } = await createUnique(
    payload,
    'waitlist-entries',
    {
      email: input.email,
      name: input.name,
      product: input.product,
      status: 'inactive',
      interests: input.interests ?? [],
      referralSource: input.referralSource || undefined,
      joinedAt: new Date().toISOString(),
    },
    ALREADY_ON_WAITLIST,
  )
  await recordConsent(payload, {
    email: input.email,
    consentType: 'waitlist',
    ipAddress: ip,
    source: `waitlist:${input.product}`,
    metadata: { product: input.product },
  })
  return { id, email: input.email, product: input.product }
}
