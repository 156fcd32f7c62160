import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import type { z } from 'zod'

import { conflict, isUniqueViolation } from '@/lib/errors'
import type { waitlistSignupSchema } from '@/schemas/waitlist'

import { consentInsert } from './record-consent'

export const ALREADY_ON_WAITLIST = "You're already on the waitlist for this product!"

/**
 * A waitlist signup: the entry and its consent in one INSERT statement (stored together or not at
 * all, committed when it returns). The unique index on (email, product) decides between concurrent
 * duplicates: one insert wins, every other gets 409.
 */
export const joinWaitlist = async (
  payload: Payload,
  input: z.output<typeof waitlistSignupSchema>,
  ip: string,
) => {
  try {
    const result = await payload.db.drizzle.execute(sql`
      WITH entry AS (
        INSERT INTO waitlist_entries (email, name, product, status, interests, referral_source, joined_at)
        VALUES (${input.email}, ${input.name}, ${input.product}, 'inactive',
          ${JSON.stringify(input.interests ?? [])}::jsonb, ${input.referralSource || null}, now())
        RETURNING id),
      consent AS (${consentInsert({
        email: input.email,
        consentType: 'waitlist',
        ipAddress: ip,
        source: `waitlist:${input.product}`,
        metadata: { product: input.product },
      })})
      SELECT id FROM entry`)
    const { id } = result.rows[0] as { id: number }
    return { id, email: input.email, product: input.product }
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(ALREADY_ON_WAITLIST, { email: ALREADY_ON_WAITLIST })
    throw error
  }
}
