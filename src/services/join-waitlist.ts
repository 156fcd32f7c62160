import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import type { z } from 'zod'

import { PRODUCT_LABELS } from '@/lib/constants'
import { executePrepared } from '@/lib/db/prepared'
import { waitlistConfirmationEmail } from '@/lib/email/waitlist'
import { conflict, isUniqueViolation } from '@/lib/errors'
import { newReferralCode, referralUrl, sameAddressKey } from '@/lib/referrals'
import type { waitlistSignupSchema } from '@/schemas/waitlist'

import { emailWrites } from './email/queue'
import {
  newMessageId,
  redactedWaitlistConfirmUrl,
  redactedWaitlistStatusUrl,
  waitlistConfirmToken,
  waitlistStatusToken,
} from './email/secret-links'
import { consentInsert } from './record-consent'
import { hashToken } from './subscribe-newsletter'

export const ALREADY_ON_WAITLIST = "You're already on the waitlist for this product!"

type SignupInput = z.output<typeof waitlistSignupSchema>

/**
 * The confirmation email of a new entry, with its two secret links (confirm; see my place in line)
 * derived from its Message-ID and stored redacted (decision 0061), and the referral link.
 */
const confirmationOf = (input: SignupInput, code: string) => {
  const messageId = newMessageId()
  return {
    confirmHash: hashToken(waitlistConfirmToken(messageId)),
    statusHash: hashToken(waitlistStatusToken(messageId)),
    email: {
      to: input.email,
      ...waitlistConfirmationEmail({
        confirmUrl: redactedWaitlistConfirmUrl(),
        statusUrl: redactedWaitlistStatusUrl(),
        referralUrl: referralUrl(input.product, code),
        productLabel: PRODUCT_LABELS[input.product],
        name: input.name,
      }),
      emailType: 'confirmation' as const,
      waitlistEntryId: sql`(SELECT id FROM entry)`,
      messageId,
      tags: ['double-opt-in', 'waitlist'],
    },
  }
}

/**
 * A waitlist signup, in one INSERT statement (decision 0115): the entry (with its referral code,
 * the referrer when `ref` names another person's entry of the same product, and the hashes of its
 * confirmation tokens), its consent, and the queued confirmation email — stored together or not
 * at all, committed when it returns. The unique index on (email, product) decides between
 * concurrent duplicates: one insert wins, every other gets 409. The position answered is the
 * entry's place behind everyone who joined the product before it (decision 0119), read from the
 * line's counters rather than by counting the line (decision 0124).
 */
export const joinWaitlist = async (payload: Payload, input: SignupInput, ip: string) => {
  const code = newReferralCode()
  const confirmation = confirmationOf(input, code)
  try {
    const result = await executePrepared(
      payload,
      'join-waitlist',
      sql`
      WITH referrer AS (
        SELECT r.id FROM waitlist_entries r
        WHERE ${input.ref ?? null}::text IS NOT NULL AND r.referral_code = ${input.ref ?? null}::text
          AND r.product = ${input.product}
          AND regexp_replace(lower(r.email), '\\+[^@]*@', '@') <> ${sameAddressKey(input.email)}::text),
      ahead AS (SELECT coalesce(sum(entries), 0)::int AS n FROM waitlist_line_counts
        WHERE product = ${input.product}),
      entry AS (
        INSERT INTO waitlist_entries (email, name, product, status, interests, referral_source,
          joined_at, referral_code, referred_by_id, confirm_token, status_token)
        VALUES (${input.email}, ${input.name}, ${input.product}, 'inactive',
          ${JSON.stringify(input.interests ?? [])}::jsonb, ${input.referralSource || null}, now(),
          ${code}, (SELECT id FROM referrer), ${confirmation.confirmHash}, ${confirmation.statusHash})
        RETURNING id),
      consent AS (${consentInsert(
        {
          email: input.email,
          consentType: 'waitlist',
          ipAddress: ip,
          source: `waitlist:${input.product}`,
          metadata: { product: input.product },
        },
        'entry',
      )}),
      ${emailWrites(confirmation.email, undefined, 'entry')}
      SELECT entry.id, ahead.n + 1 AS position FROM entry, ahead`,
    )
    const { id, position } = result.rows[0] as { id: number; position: number }
    return {
      id,
      email: input.email,
      product: input.product,
      position,
      referralUrl: referralUrl(input.product, code),
    }
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(ALREADY_ON_WAITLIST, { email: ALREADY_ON_WAITLIST })
    throw error
  }
}
