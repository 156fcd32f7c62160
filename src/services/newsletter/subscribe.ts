import { randomBytes } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { alias, bare, email_preferences, erased_addresses, newsletter_subscribers } from '@/db'
import { erasedAddressHash } from '@/lib/anonymize'
import {
  CONFIRM_INVALID,
  NEWSLETTER_CONFIRM_TEXT,
  NEWSLETTER_CONSENT_TEXT,
  alreadySubscribedEmail,
  confirmationEmail,
} from '@/lib/email/newsletter'
import { executePrepared } from '@/lib/db/prepared'
import { env } from '@/lib/env'
import { badRequest } from '@/lib/errors'
import type { NewsletterSignup } from '@/schemas/newsletter'

import {
  confirmationToken,
  hashToken,
  newMessageId,
  redactedConfirmUrl,
} from '../email/secret-links'
import { receivesNewsletter } from '../email/eligibility'
import { setNewsletterPreference } from '../email-links/preferences'
import { enrollInWelcomeSequence } from '../email/sequences'
import { type ConsentRecord, consentInsert, recordConsent } from '../shared/consent'
import { RECIPIENT, claimSignupMail, markSignupMail, signupMailWrites } from '../shared/signup-mail'
import { inTransaction } from '../shared/transaction'

/** A confirmation email with a fresh single-use token, derived from its Message-ID. */
export const newConfirmation = (email: string, firstName: string | null) => {
  // The log stores the link redacted; the sender derives the token from the Message-ID again.
  const messageId = newMessageId()
  const hours = env().EMAIL_CONFIRM_TTL_HOURS
  return {
    tokenHash: hashToken(confirmationToken(messageId)),
    ttlSeconds: hours * 3600,
    email: {
      to: email,
      ...confirmationEmail(redactedConfirmUrl(), hours, firstName),
      emailType: 'confirmation' as const,
      messageId,
      tags: ['double-opt-in'],
    },
  }
}

const consentOf = (input: NewsletterSignup, ip: string): ConsentRecord => ({
  email: input.email,
  consentType: 'newsletter',
  ipAddress: ip,
  source: input.source || 'website',
  metadata: { stage: 'signup', text: NEWSLETTER_CONSENT_TEXT, interests: input.interests ?? [] },
})

/** The answer to every valid signup, new address or known: it tells no one which (decision 0163). */
export type NewsletterSignupAnswer = { email: string; confirmationRequired: true }

/**
 * A newsletter signup (double opt-in), new address or known, in one statement (decision 0115; 0241
 * for a known one).
 *
 * A new address becomes an unconfirmed subscriber (with the confirmation's token), with its consent
 * and the queued confirmation email — or nothing is written when the address is already known (any
 * case) or a concurrent signup of it won the insert.
 *
 * A known address gets the same answer, its consent when it is unconfirmed (or unsubscribed), and an
 * email unless one went to it from a form within EMAIL_CONFIRM_RESEND_MINUTES
 * (shared/signup-mail.ts): an unconfirmed subscriber the confirmation again (its new token replaces
 * the earlier one), a confirmed one "you're already subscribed". The subscriber's own address and
 * name go into the email. The statement sees the subscribers committed before it began: one
 * committed while it ran (a concurrent signup of the address, which sent the confirmation) gets
 * nothing more from this one.
 */
export const subscribeNewsletter = async (
  payload: Payload,
  input: NewsletterSignup,
  ip: string,
): Promise<NewsletterSignupAnswer> => {
  const confirmation = newConfirmation(input.email, null)
  const already = alreadySubscribedEmail(null)
  const consent = consentOf(input, ip)
  const n = newsletter_subscribers
  const k = alias(newsletter_subscribers, 'k')
  const u = alias(newsletter_subscribers, 'u')
  const { to, name, isConfirmed: confirmed } = RECIPIENT
  const known = sql.identifier('known_id')
  await executePrepared(
    payload,
    'subscribe-newsletter',
    sql`
    WITH subscriber AS (
      INSERT INTO ${n} (${bare(n.email, n.firstName, n.interests, n.subscribedAt)},
        ${bare(n.consentTimestamp, n.consentIp, n.consentSource, n.unsubscribeToken, n.doubleOptInToken)},
        ${bare(n.doubleOptInExpires, n.confirmationSentAt)})
      SELECT ${input.email}::text, ${input.firstName || null}::text,
        ${JSON.stringify(input.interests ?? [])}::jsonb, now(), now(), ${ip}::text,
        ${consent.source}::text, ${randomBytes(24).toString('base64url')}::text,
        ${confirmation.tokenHash}::text,
        now() + make_interval(secs => ${confirmation.ttlSeconds}::integer), now()
      WHERE NOT EXISTS (SELECT 1 FROM ${n} WHERE lower(${bare(n.email)}) = lower(${input.email}))
      ON CONFLICT DO NOTHING
      RETURNING ${bare(n.id)}),
    mark AS (${markSignupMail(input.email, 'subscriber')}),
    known AS (
      SELECT ${k.id} AS ${known}, ${k.email} AS ${to}, ${k.firstName} AS ${name},
        ${receivesNewsletter('k')} AS ${confirmed}
      FROM ${n} ${k}
      WHERE lower(${k.email}) = lower(${input.email}) AND NOT EXISTS (SELECT 1 FROM subscriber)
      LIMIT 1),
    consenting AS (
      SELECT ${bare(n.id)} FROM subscriber
      UNION ALL SELECT ${known} FROM known WHERE NOT ${confirmed}),
    consent AS (${consentInsert(consent, 'consenting')}),
    claim AS (${claimSignupMail(input.email, 'known')}),
    renewed AS (
      UPDATE ${n} ${u} SET ${bare(n.doubleOptInToken)} = ${confirmation.tokenHash},
        ${bare(n.doubleOptInExpires)} = now() + make_interval(secs => ${confirmation.ttlSeconds}::integer),
        ${bare(n.confirmationSentAt)} = now(), ${bare(n.updatedAt)} = now()
      FROM known
      WHERE ${u.id} = known.${known} AND NOT known.${confirmed} AND NOT ${receivesNewsletter('u')}
        AND EXISTS (SELECT 1 FROM claim)
      RETURNING known.*),
    recipient AS (
      SELECT ${input.email}::text AS ${to}, ${input.firstName || null}::text AS ${name},
        false AS ${confirmed}
      FROM subscriber
      UNION ALL SELECT ${to}, ${name}, ${confirmed} FROM renewed
      UNION ALL SELECT ${to}, ${name}, ${confirmed} FROM known
        WHERE ${confirmed} AND EXISTS (SELECT 1 FROM claim)),
    ${signupMailWrites('recipient', {
      confirmed: { ...already, tags: ['double-opt-in', 'already-subscribed'] },
      unconfirmed: confirmation.email,
      messageId: confirmation.email.messageId,
    })}
    SELECT ${bare(n.id)} FROM subscriber`,
  )
  return { email: input.email, confirmationRequired: true }
}

/**
 * Confirms a subscription with the token from the email (a POST from the confirmation page). One
 * UPDATE checks and spends the token, so it works once and never after it expired.
 */
export const confirmNewsletter = async (payload: Payload, token: string, ip: string) => {
  const email = await inTransaction(payload, async (tx) => {
    const result = await tx.db.execute(sql`
      UPDATE ${newsletter_subscribers} SET ${bare(newsletter_subscribers.doubleOptInConfirmed)} = true, ${bare(newsletter_subscribers.confirmedAt)} = now(),
        ${bare(newsletter_subscribers.doubleOptInToken)} = NULL,
        ${bare(newsletter_subscribers.doubleOptInExpires)} = NULL,
        ${bare(newsletter_subscribers.updatedAt)} = now()
      WHERE ${bare(newsletter_subscribers.doubleOptInToken)} = ${hashToken(token)} AND ${bare(newsletter_subscribers.doubleOptInExpires)} > now()
      RETURNING ${bare(newsletter_subscribers.id, newsletter_subscribers.email)}`)
    const row = result.rows[0] as { id: number; email: string } | undefined
    if (!row) throw badRequest(CONFIRM_INVALID, { token: CONFIRM_INVALID })
    // Subscribed again after unsubscribing: the newsletter preference comes back on.
    await setNewsletterPreference(tx.db, row.email, true)
    await tx.db.execute(sql`
      UPDATE ${email_preferences} SET ${bare(email_preferences.newsletterEnabled)} = true,
        ${bare(email_preferences.lastUpdated)} = now(), ${bare(email_preferences.updatedAt)} = now()
      WHERE lower(${bare(email_preferences.email)}) = lower(${row.email})`)
    // A new, confirmed consent outweighs what an earlier erasure kept of the address.
    await tx.db.execute(sql`
      DELETE FROM ${erased_addresses} WHERE ${bare(erased_addresses.addressHash)} = ${erasedAddressHash(row.email)}`)
    await recordConsent(tx, {
      email: row.email,
      consentType: 'newsletter',
      ipAddress: ip,
      source: 'double-opt-in',
      metadata: { stage: 'confirmation', text: NEWSLETTER_CONFIRM_TEXT },
    })
    return row.email
  })
  await enrollInWelcomeSequence(payload, email)
  return { email }
}
