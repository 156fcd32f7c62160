import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { bare, waitlist_entries } from '@/db'
import type { Product } from '@/lib/constants'
import {
  WAITLIST_CONFIRM_EXPIRED,
  WAITLIST_CONFIRM_INVALID,
  WAITLIST_CONFIRM_TEXT,
  WAITLIST_STATUS_INVALID,
} from '@/lib/email/waitlist'
import { AppError, badRequest } from '@/lib/errors'
import { referralUrl } from '@/lib/referrals'

import { hashToken, statusTokenOf } from '../email/secret-links'
import { recordConsent } from '../shared/consent'
import { inTransaction } from '../shared/transaction'
import { placesPerReferral, standingOf } from './line'

type EntryRow = { id: number; email: string; product: Product }

/** A confirm link past its time: its page offers its product's waitlist again, for a new link. */
export class ConfirmLinkExpired extends AppError {
  constructor(readonly product: Product) {
    super(400, WAITLIST_CONFIRM_EXPIRED, { token: WAITLIST_CONFIRM_EXPIRED })
  }
}

/**
 * Confirms a waitlist entry's address with the token from its email (a POST from the confirmation
 * page). One UPDATE checks and spends the token, so it works once, and only within
 * EMAIL_CONFIRM_TTL_HOURS of its email, as the newsletter's; from then on the entry's referral, if
 * it has one, counts. Answers the status token, so the page can show the place next. An expired
 * link is told apart (a signup with the same address sends a new one, decision 0163).
 */
export const confirmWaitlist = async (payload: Payload, token: string, ip: string) => {
  const entry = await inTransaction(payload, async (tx) => {
    const result = await tx.db.execute(sql`
      UPDATE ${waitlist_entries} SET ${bare(waitlist_entries.confirmedAt)} = now(),
        ${bare(waitlist_entries.confirmToken)} = NULL,
        ${bare(waitlist_entries.confirmExpires)} = NULL, ${bare(waitlist_entries.updatedAt)} = now()
      WHERE ${bare(waitlist_entries.confirmToken)} = ${hashToken(token)} AND ${bare(waitlist_entries.confirmedAt)} IS NULL
        AND ${bare(waitlist_entries.confirmExpires)} > now()
      RETURNING ${bare(waitlist_entries.id, waitlist_entries.email, waitlist_entries.product)}`)
    const row = result.rows[0] as EntryRow | undefined
    if (!row) {
      const expired = await tx.db.execute(sql`
        SELECT ${bare(waitlist_entries.product)} FROM ${waitlist_entries} WHERE ${bare(waitlist_entries.confirmToken)} = ${hashToken(token)}
          AND ${bare(waitlist_entries.confirmedAt)} IS NULL`)
      const stale = expired.rows[0] as { product: Product } | undefined
      if (stale) throw new ConfirmLinkExpired(stale.product)
      throw badRequest(WAITLIST_CONFIRM_INVALID, { token: WAITLIST_CONFIRM_INVALID })
    }
    await recordConsent(tx, {
      email: row.email,
      consentType: 'waitlist',
      ipAddress: ip,
      source: 'double-opt-in',
      metadata: { stage: 'confirmation', product: row.product, text: WAITLIST_CONFIRM_TEXT },
    })
    return row
  })
  return { product: entry.product, statusToken: statusTokenOf(token) }
}

export type WaitlistStatus =
  | { confirmed: false; product: Product }
  | {
      confirmed: true
      product: Product
      position: number
      referrals: number
      total: number
      placesPerReferral: number
      referralUrl: string
    }

/** What the status page shows for the token of its emailed link (400 for an unknown token). */
export const readWaitlistStatus = async (
  payload: Payload,
  token: string,
): Promise<WaitlistStatus> => {
  const result = await payload.db.drizzle.execute(sql`
    SELECT ${bare(waitlist_entries.id, waitlist_entries.product)},
      ${bare(waitlist_entries.referralCode)} AS code,
      ${bare(waitlist_entries.confirmedAt)} IS NOT NULL AS confirmed
    FROM ${waitlist_entries} WHERE ${bare(waitlist_entries.statusToken)} = ${hashToken(token)}`)
  const entry = result.rows[0] as
    { id: number; product: Product; code: string; confirmed: boolean } | undefined
  if (!entry) throw badRequest(WAITLIST_STATUS_INVALID, { token: WAITLIST_STATUS_INVALID })
  if (!entry.confirmed) return { confirmed: false, product: entry.product }
  const places = await placesPerReferral(payload)
  const standing = await standingOf(payload, entry, places)
  return {
    confirmed: true,
    product: entry.product,
    ...standing,
    placesPerReferral: places[entry.product],
    referralUrl: referralUrl(entry.product, entry.code),
  }
}
