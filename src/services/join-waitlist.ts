import type { Payload } from 'payload'
import type { z } from 'zod'

import type { waitlistSignupSchema } from '@/schemas/waitlist'

import { createUnique } from './create-unique'
import { recordConsent } from './record-consent'
import { inTransaction } from './transaction'

export const ALREADY_ON_WAITLIST = "You're already on the waitlist for this product!"

export const joinWaitlist = async (
  payload: Payload,
  input: z.output<typeof waitlistSignupSchema>,
  ip: string,
) => {
  // The entry and its consent: stored together or not at all.
  const { id } = await inTransaction(payload, async (tx) => {
    const entry = await createUnique(
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
      'email',
      tx,
    )
    await recordConsent(payload, tx, {
      email: input.email,
      consentType: 'waitlist',
      ipAddress: ip,
      source: `waitlist:${input.product}`,
      metadata: { product: input.product },
    })
    return entry
  })
  return { id, email: input.email, product: input.product }
}
