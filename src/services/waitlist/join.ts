import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import type { z } from 'zod'

import { alias, bare, waitlist_entries } from '@/db'
import { PRODUCT_LABELS, type Product } from '@/lib/constants'
import { executePrepared } from '@/lib/db/prepared'
import { env } from '@/lib/env'
import { waitlistAlreadyJoinedEmail, waitlistConfirmationEmail } from '@/lib/email/waitlist'
import { newReferralCode, referralUrl, sameAddressKey } from '@/lib/referrals'
import type { waitlistSignupSchema } from '@/schemas/waitlist'

import { emailWrites } from '../email/queue'
import {
  hashToken,
  newMessageId,
  redactedWaitlistConfirmUrl,
  redactedWaitlistStatusUrl,
  waitlistConfirmToken,
  waitlistStatusToken,
} from '../email/secret-links'
import { consentInsert } from '../shared/consent'
import { claimSignupMail, markSignupMail } from '../shared/signup-mail'

type SignupInput = z.output<typeof waitlistSignupSchema>

/** The answer to every valid signup, new address or known: it tells no one which (decision 0163). */
export type WaitlistSignupAnswer = { email: string; product: Product }

/**
 * The confirmation email of an entry, with its two secret links (confirm; see my place in line)
 * derived from its Message-ID and stored redacted (decision 0061), and the referral link. The
 * confirm link works EMAIL_CONFIRM_TTL_HOURS.
 */
const confirmationOf = (
  entry: { email: string; product: Product; name: string | null },
  code: string,
) => {
  const messageId = newMessageId()
  const hours = env().EMAIL_CONFIRM_TTL_HOURS
  return {
    confirmHash: hashToken(waitlistConfirmToken(messageId)),
    statusHash: hashToken(waitlistStatusToken(messageId)),
    ttlSeconds: hours * 3600,
    email: {
      to: entry.email,
      ...waitlistConfirmationEmail({
        confirmUrl: redactedWaitlistConfirmUrl(),
        statusUrl: redactedWaitlistStatusUrl(),
        referralUrl: referralUrl(entry.product, code),
        productLabel: PRODUCT_LABELS[entry.product],
        name: entry.name,
        hours,
      }),
      emailType: 'confirmation' as const,
      messageId,
      tags: ['double-opt-in', 'waitlist'],
    },
  }
}

/**
 * A waitlist signup. A new address and product is one INSERT statement (decision 0115): the entry
 * (with its referral code, the referrer when `ref` names another person's entry of the same
 * product, and the hashes of its confirmation tokens), its consent, and the queued confirmation
 * email — stored together or not at all, committed when it returns. The unique index on (email,
 * product) decides between concurrent duplicates: one insert wins, every other inserts nothing and
 * is a known address. A known address gets the same answer, in about the same time (a statement or
 * two more, no exception and no transaction of Payload's), and the email tells the person
 * (`remindKnownEntry`).
 */
export const joinWaitlist = async (
  payload: Payload,
  input: SignupInput,
  ip: string,
): Promise<WaitlistSignupAnswer> => {
  const code = newReferralCode()
  const confirmation = confirmationOf(input, code)
  const e = waitlist_entries
  const r = alias(waitlist_entries, 'r')
  const inserted = await executePrepared(
    payload,
    'join-waitlist',
    sql`
    WITH referrer AS (
      SELECT ${r.id} FROM ${e} ${r}
      WHERE ${input.ref ?? null}::text IS NOT NULL AND ${r.referralCode} = ${input.ref ?? null}::text
        AND ${r.product} = ${input.product}
        AND regexp_replace(lower(${r.email}), '\\+[^@]*@', '@') <> ${sameAddressKey(input.email)}::text),
    entry AS (
      INSERT INTO ${e} (${bare(e.email, e.name, e.product, e.status, e.interests, e.referralSource, e.joinedAt, e.referralCode, e.referredBy, e.confirmToken, e.confirmExpires, e.statusToken)})
      VALUES (${input.email}, ${input.name}, ${input.product}, 'inactive',
        ${JSON.stringify(input.interests ?? [])}::jsonb, ${input.referralSource || null}, now(),
        ${code}, (SELECT ${bare(r.id)} FROM referrer), ${confirmation.confirmHash},
        now() + make_interval(secs => ${confirmation.ttlSeconds}::integer),
        ${confirmation.statusHash})
      ON CONFLICT (${bare(e.email, e.product)}) DO NOTHING
      RETURNING ${bare(e.id)}),
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
    mark AS (${markSignupMail(input.email, 'entry')}),
    ${emailWrites({ ...confirmation.email, waitlistEntryId: sql`(SELECT ${bare(e.id)} FROM entry)` }, undefined, 'entry')}
    SELECT ${bare(e.id)} FROM entry`,
  )
  if (inserted.rows.length === 0) await remindKnownEntry(payload, input)
  return { email: input.email, product: input.product }
}

type KnownEntry = {
  id: number
  email: string
  name: string | null
  product: Product
  code: string
  confirmed: boolean
}

/**
 * The address is already on this product's waitlist: unless the address got an email from a form
 * within EMAIL_CONFIRM_RESEND_MINUTES (shared/signup-mail.ts), an unconfirmed entry gets its confirmation
 * again, with new links (the earlier ones stop working, and the new confirm link works
 * EMAIL_CONFIRM_TTL_HOURS), and a confirmed one a reminder with a new link to its place in line.
 * The entry's own name goes into the email, never the one typed into the form. Two statements: the
 * claim with the entry, then its new token hashes with the queued email (nothing when the entry
 * was confirmed or erased in between).
 */
const remindKnownEntry = async (payload: Payload, input: SignupInput) => {
  const db = payload.db.drizzle
  const w = waitlist_entries
  const e = alias(waitlist_entries, 'e')
  const found = await db.execute(sql`
    WITH claim AS (${claimSignupMail(input.email)})
    SELECT ${e.id}, ${e.email}, ${e.name}, ${e.product}, ${e.referralCode} AS code,
      ${e.confirmedAt} IS NOT NULL AS confirmed
    FROM ${w} ${e}, claim WHERE ${e.email} = ${input.email} AND ${e.product} = ${input.product}`)
  const entry = found.rows[0] as KnownEntry | undefined
  if (!entry) return
  const sameState = sql`${bare(w.id)} = ${entry.id} AND (${bare(w.confirmedAt)} IS NOT NULL) = ${entry.confirmed}`
  if (!entry.confirmed) {
    const confirmation = confirmationOf(entry, entry.code)
    await db.execute(sql`
      WITH entry AS (
        UPDATE ${w} SET ${bare(w.confirmToken)} = ${confirmation.confirmHash},
          ${bare(w.confirmExpires)} = now() + make_interval(secs => ${confirmation.ttlSeconds}::integer),
          ${bare(w.statusToken)} = ${confirmation.statusHash}, ${bare(w.updatedAt)} = now()
        WHERE ${sameState} RETURNING ${bare(w.id)}),
      ${emailWrites({ ...confirmation.email, waitlistEntryId: entry.id }, undefined, 'entry')}
      SELECT ${bare(w.id)} FROM entry`)
    return
  }
  const messageId = newMessageId()
  await db.execute(sql`
    WITH entry AS (
      UPDATE ${w} SET ${bare(w.statusToken)} = ${hashToken(waitlistStatusToken(messageId))},
        ${bare(w.updatedAt)} = now()
      WHERE ${sameState} RETURNING ${bare(w.id)}),
    ${emailWrites(
      {
        to: entry.email,
        ...waitlistAlreadyJoinedEmail({
          statusUrl: redactedWaitlistStatusUrl(),
          referralUrl: referralUrl(entry.product, entry.code),
          productLabel: PRODUCT_LABELS[entry.product],
          name: entry.name,
        }),
        emailType: 'confirmation',
        messageId,
        waitlistEntryId: entry.id,
        tags: ['waitlist', 'already-joined'],
      },
      undefined,
      'entry',
    )}
    SELECT ${bare(w.id)} FROM entry`)
}
