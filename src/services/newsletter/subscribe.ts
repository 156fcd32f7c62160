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
import { emailWrites, queueEmail } from '../email/queue'
import { type ConsentRecord, consentInsert, recordConsent } from '../shared/consent'
import { claimSignupMail, markSignupMail } from '../shared/signup-mail'
import { inTransaction } from '../shared/transaction'

const s = alias(newsletter_subscribers, 's')

type SubscriberRow = { id: number; email: string; first_name: string | null; confirmed: boolean }

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
 * A newsletter signup (double opt-in): a new address becomes an unconfirmed subscriber and gets a
 * confirmation email. A known address gets the same answer, and an email unless one went to it from
 * a form within EMAIL_CONFIRM_RESEND_MINUTES (shared/signup-mail.ts): an unconfirmed (or unsubscribed)
 * subscriber the confirmation again, a confirmed one "you're already subscribed". Consent is
 * recorded with the text shown.
 */
export const subscribeNewsletter = async (
  payload: Payload,
  input: NewsletterSignup,
  ip: string,
): Promise<NewsletterSignupAnswer> => {
  if ((await subscribeNew(payload, input, ip)) === null) await subscribeAgain(payload, input, ip)
  return { email: input.email, confirmationRequired: true }
}

/**
 * A new address, in one statement: the subscriber (with the confirmation's token), its consent and
 * the queued confirmation email, or nothing at all when the address is already known (any case) or
 * a concurrent signup of it won the insert. Returns the new subscriber's id, or null.
 */
const subscribeNew = async (payload: Payload, input: NewsletterSignup, ip: string) => {
  const confirmation = newConfirmation(input.email, input.firstName || null)
  const consent = consentOf(input, ip)
  const result = await executePrepared(
    payload,
    'subscribe-newsletter',
    sql`
    WITH subscriber AS (
      INSERT INTO ${newsletter_subscribers} (${bare(newsletter_subscribers.email, newsletter_subscribers.firstName, newsletter_subscribers.interests, newsletter_subscribers.subscribedAt)},
        ${bare(newsletter_subscribers.consentTimestamp, newsletter_subscribers.consentIp, newsletter_subscribers.consentSource, newsletter_subscribers.unsubscribeToken, newsletter_subscribers.doubleOptInToken)},
        ${bare(newsletter_subscribers.doubleOptInExpires, newsletter_subscribers.confirmationSentAt)})
      SELECT ${input.email}::text, ${input.firstName || null}::text,
        ${JSON.stringify(input.interests ?? [])}::jsonb, now(), now(), ${ip}::text,
        ${consent.source}::text, ${randomBytes(24).toString('base64url')}::text,
        ${confirmation.tokenHash}::text,
        now() + make_interval(secs => ${confirmation.ttlSeconds}::integer), now()
      WHERE NOT EXISTS (SELECT 1 FROM ${newsletter_subscribers} WHERE lower(${bare(newsletter_subscribers.email)}) = lower(${input.email}))
      ON CONFLICT DO NOTHING
      RETURNING ${bare(newsletter_subscribers.id)}),
    consent AS (${consentInsert(consent, 'subscriber')}),
    mark AS (${markSignupMail(input.email, 'subscriber')}),
    ${emailWrites(confirmation.email, undefined, 'subscriber')}
    SELECT ${bare(newsletter_subscribers.id)} FROM subscriber`,
  )
  return (result.rows[0] as { id: number } | undefined)?.id ?? null
}

/**
 * A known address, in two statements (no exception and no transaction of Payload's, so it takes
 * about as long as a new one): the consent of an unconfirmed one and the claim of the address's next
 * email with the subscriber; then, if claimed, a new confirmation (its new token replaces the
 * earlier one) or, when confirmed, "you're already subscribed". The subscriber's own name goes into
 * the email.
 */
const subscribeAgain = async (payload: Payload, input: NewsletterSignup, ip: string) => {
  const db = payload.db.drizzle
  const found = await db.execute(sql`
    WITH subscriber AS (
      SELECT ${s.id}, ${s.email}, ${s.firstName}, ${receivesNewsletter('s')} AS confirmed
      FROM ${newsletter_subscribers} ${s} WHERE lower(${s.email}) = lower(${input.email}) LIMIT 1),
    unconfirmed AS (SELECT ${bare(newsletter_subscribers.id)} FROM subscriber WHERE NOT confirmed),
    consent AS (${consentInsert(consentOf(input, ip), 'unconfirmed')}),
    claim AS (${claimSignupMail(input.email)})
    SELECT subscriber.*, EXISTS (SELECT 1 FROM claim) AS claimed FROM subscriber`)
  const subscriber = found.rows[0] as (SubscriberRow & { claimed: boolean }) | undefined
  if (!subscriber) throw new Error('newsletter subscriber neither inserted nor found')
  if (!subscriber.claimed) return
  if (subscriber.confirmed) {
    await queueEmail(payload, {
      to: subscriber.email,
      ...alreadySubscribedEmail(subscriber.first_name),
      emailType: 'confirmation',
      tags: ['double-opt-in', 'already-subscribed'],
    })
    return
  }
  const confirmation = newConfirmation(subscriber.email, subscriber.first_name)
  await db.execute(sql`
    WITH subscriber AS (
      UPDATE ${newsletter_subscribers} SET ${bare(newsletter_subscribers.doubleOptInToken)} = ${confirmation.tokenHash},
        ${bare(newsletter_subscribers.doubleOptInExpires)} = now() + make_interval(secs => ${confirmation.ttlSeconds}),
        ${bare(newsletter_subscribers.confirmationSentAt)} = now(),
        ${bare(newsletter_subscribers.updatedAt)} = now()
      WHERE ${bare(newsletter_subscribers.id)} = ${subscriber.id} AND NOT ${receivesNewsletter('newsletter_subscribers')}
      RETURNING ${bare(newsletter_subscribers.id)}),
    ${emailWrites(confirmation.email, undefined, 'subscriber')}
    SELECT ${bare(newsletter_subscribers.id)} FROM subscriber`)
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
