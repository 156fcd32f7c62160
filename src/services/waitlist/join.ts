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

import {
  hashToken,
  newMessageId,
  redactedWaitlistConfirmUrl,
  redactedWaitlistStatusUrl,
  waitlistConfirmToken,
  waitlistStatusToken,
} from '../email/secret-links'
import { consentInsert } from '../shared/consent'
import {
  CODE_MARK,
  RECIPIENT,
  claimSignupMail,
  markSignupMail,
  signupMailWrites,
} from '../shared/signup-mail'

type SignupInput = z.output<typeof waitlistSignupSchema>

/** The answer to every valid signup, new address or known: it tells no one which (decision 0163). */
export type WaitlistSignupAnswer = { email: string; product: Product }

/**
 * The confirmation email of an entry, with its two secret links (confirm; see my place in line)
 * derived from its Message-ID and stored redacted (decision 0061), and the referral link. The
 * confirm link works EMAIL_CONFIRM_TTL_HOURS. Rendered for no name and CODE_MARK's code: the
 * statement puts in the entry's own (`personalizedSignupEmail`).
 */
const confirmationEmail = (product: Product) =>
  waitlistConfirmationEmail({
    confirmUrl: redactedWaitlistConfirmUrl(),
    statusUrl: redactedWaitlistStatusUrl(),
    referralUrl: referralUrl(product, CODE_MARK),
    productLabel: PRODUCT_LABELS[product],
    name: null,
    hours: env().EMAIL_CONFIRM_TTL_HOURS,
  })

/** To a confirmed entry signed up again: its new link to its place in line, its referral link. */
const alreadyJoinedEmail = (product: Product) =>
  waitlistAlreadyJoinedEmail({
    statusUrl: redactedWaitlistStatusUrl(),
    referralUrl: referralUrl(product, CODE_MARK),
    productLabel: PRODUCT_LABELS[product],
    name: null,
  })

/**
 * A waitlist signup, new address or known, in one statement (decision 0115; 0241 for a known one).
 *
 * A new address and product: the entry (with its referral code, the referrer when `ref` names
 * another person's entry of the same product, and the hashes of its confirmation tokens), its
 * consent, and the queued confirmation email — stored together or not at all, committed when it
 * returns. The unique index on (email, product) decides between concurrent duplicates: one insert
 * wins, every other inserts nothing.
 *
 * A known one (the insert did nothing) gets the same answer and an email, unless the address got
 * one from a form within EMAIL_CONFIRM_RESEND_MINUTES (shared/signup-mail.ts): an unconfirmed entry
 * its confirmation again, with new links (the earlier ones stop working, and the new confirm link
 * works EMAIL_CONFIRM_TTL_HOURS), a confirmed one "you're already on the waitlist" with a new link
 * to its place in line. The entry's own name and referral code go into the email, never the name
 * typed into the form. The statement sees the entries committed before it began: a duplicate
 * committed while it ran (a concurrent signup of the address, which sent the confirmation) gets no
 * second email.
 *
 * Every email of the statement shares one Message-ID, the source of the tokens stored: only one of
 * them is sent.
 */
export const joinWaitlist = async (
  payload: Payload,
  input: SignupInput,
  ip: string,
): Promise<WaitlistSignupAnswer> => {
  const code = newReferralCode()
  const messageId = newMessageId()
  const confirmHash = hashToken(waitlistConfirmToken(messageId))
  const statusHash = hashToken(waitlistStatusToken(messageId))
  const ttlSeconds = env().EMAIL_CONFIRM_TTL_HOURS * 3600
  const e = waitlist_entries
  const r = alias(waitlist_entries, 'r')
  const k = alias(waitlist_entries, 'k')
  const u = alias(waitlist_entries, 'u')
  const { to, name, code: referral, isConfirmed: confirmed, entryId: id } = RECIPIENT
  await executePrepared(
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
        ${code}, (SELECT ${bare(r.id)} FROM referrer), ${confirmHash},
        now() + make_interval(secs => ${ttlSeconds}::integer), ${statusHash})
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
    known AS (
      SELECT ${k.id} AS ${id}, ${k.email} AS ${to}, ${k.name} AS ${name},
        ${k.referralCode} AS ${referral}, ${k.confirmedAt} IS NOT NULL AS ${confirmed}
      FROM ${e} ${k}
      WHERE ${k.email} = ${input.email} AND ${k.product} = ${input.product}
        AND NOT EXISTS (SELECT 1 FROM entry)),
    claim AS (${claimSignupMail(input.email, 'known')}),
    reminded AS (
      UPDATE ${e} ${u} SET
        ${bare(e.confirmToken)} = CASE WHEN known.${confirmed} THEN ${u.confirmToken} ELSE ${confirmHash} END,
        ${bare(e.confirmExpires)} = CASE WHEN known.${confirmed} THEN ${u.confirmExpires}
          ELSE now() + make_interval(secs => ${ttlSeconds}::integer) END,
        ${bare(e.statusToken)} = ${statusHash}, ${bare(e.updatedAt)} = now()
      FROM known
      WHERE ${u.id} = known.${id} AND (${u.confirmedAt} IS NOT NULL) = known.${confirmed}
        AND EXISTS (SELECT 1 FROM claim)
      RETURNING known.*),
    recipient AS (
      SELECT ${bare(e.id)} AS ${id}, ${input.email}::text AS ${to}, ${input.name}::text AS ${name},
        ${code}::text AS ${referral}, false AS ${confirmed}
      FROM entry
      UNION ALL SELECT * FROM reminded),
    ${signupMailWrites('recipient', {
      confirmed: { ...alreadyJoinedEmail(input.product), tags: ['waitlist', 'already-joined'] },
      unconfirmed: { ...confirmationEmail(input.product), tags: ['double-opt-in', 'waitlist'] },
      messageId,
      hasEntry: true,
      hasCode: true,
    })}
    SELECT ${bare(e.id)} FROM entry`,
  )
  return { email: input.email, product: input.product }
}
