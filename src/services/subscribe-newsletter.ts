import { createHash, randomBytes } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import {
  CONFIRM_INVALID,
  NEWSLETTER_CONFIRM_TEXT,
  NEWSLETTER_CONSENT_TEXT,
  confirmationEmail,
} from '@/lib/email/newsletter'
import { env, serverUrl } from '@/lib/env'
import { badRequest, conflict, isUniqueViolation } from '@/lib/errors'
import type { NewsletterSignup } from '@/schemas/newsletter'

import { enrollInWelcomeSequence } from './email/sequences'
import { queueEmail } from './queue-email'
import { recordConsent } from './record-consent'

export const ALREADY_SUBSCRIBED = "You're already subscribed to our newsletter!"

/** The link carries the token; the database keeps only its SHA-256. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export const confirmUrl = (token: string) =>
  `${serverUrl()}/newsletter/confirm?token=${encodeURIComponent(token)}`

type SubscriberRow = { id: number; email: string; first_name: string | null; confirmed: boolean }

const findSubscriber = async (payload: Payload, email: string) => {
  const result = await payload.db.drizzle.execute(sql`
    SELECT s.id, s.email, s.first_name, (s.double_opt_in_confirmed AND EXISTS (
      SELECT 1 FROM newsletter_subscribers_texts t
      WHERE t.parent_id = s.id AND t.path = 'emailPreferences' AND t.text = 'newsletter')) AS confirmed
    FROM newsletter_subscribers s WHERE lower(s.email) = lower(${email}) LIMIT 1`)
  return result.rows[0] as SubscriberRow | undefined
}

/**
 * Sends a confirmation with a fresh single-use token, unless one went out in the last
 * EMAIL_CONFIRM_RESEND_MINUTES (decided by one conditional UPDATE, so concurrent signups send one).
 */
const sendConfirmation = async (payload: Payload, subscriber: SubscriberRow) => {
  const token = randomBytes(32).toString('base64url')
  const { EMAIL_CONFIRM_TTL_HOURS: hours, EMAIL_CONFIRM_RESEND_MINUTES: wait } = env()
  const claimed = await payload.db.drizzle.execute(sql`
    UPDATE newsletter_subscribers SET double_opt_in_token = ${hashToken(token)},
      double_opt_in_expires = now() + make_interval(secs => ${hours * 3600}),
      confirmation_sent_at = now(), updated_at = now()
    WHERE id = ${subscriber.id} AND (confirmation_sent_at IS NULL
      OR confirmation_sent_at < now() - make_interval(secs => ${wait * 60}))
    RETURNING id`)
  if (claimed.rows.length === 0) return false
  await queueEmail(payload, {
    to: subscriber.email,
    ...confirmationEmail(confirmUrl(token), hours, subscriber.first_name),
    emailType: 'confirmation',
    tags: ['double-opt-in'],
  })
  return true
}

/**
 * A newsletter signup (double opt-in): a new address becomes an unconfirmed subscriber and gets a
 * confirmation email; an unconfirmed (or unsubscribed) one gets the confirmation again, at most
 * once per EMAIL_CONFIRM_RESEND_MINUTES; a confirmed subscriber is a duplicate (409). Consent is
 * recorded with the text shown.
 */
export const subscribeNewsletter = async (
  payload: Payload,
  input: NewsletterSignup,
  ip: string,
) => {
  const now = new Date().toISOString()
  const source = input.source || 'website'
  let subscriber = await findSubscriber(payload, input.email)
  if (subscriber?.confirmed) throw conflict(ALREADY_SUBSCRIBED, { email: ALREADY_SUBSCRIBED })
  if (!subscriber) {
    try {
      await payload.create({
        collection: 'newsletter-subscribers',
        overrideAccess: true,
        depth: 0,
        data: {
          email: input.email,
          firstName: input.firstName || undefined,
          interests: input.interests ?? [],
          subscribedAt: now,
          consentTimestamp: now,
          consentIp: ip,
          consentSource: source,
          unsubscribeToken: randomBytes(24).toString('base64url'),
        },
      })
    } catch (error) {
      // A concurrent signup of the same address won: carry on with its row.
      if (!isUniqueViolation(error)) throw error
    }
    subscriber = await findSubscriber(payload, input.email)
    if (!subscriber) throw new Error('subscriber row missing after insert')
    if (subscriber.confirmed) throw conflict(ALREADY_SUBSCRIBED, { email: ALREADY_SUBSCRIBED })
  }
  await recordConsent(payload, {
    email: input.email,
    consentType: 'newsletter',
    ipAddress: ip,
    source,
    metadata: { stage: 'signup', text: NEWSLETTER_CONSENT_TEXT, interests: input.interests ?? [] },
  })
  const confirmationSent = await sendConfirmation(payload, subscriber)
  return { id: subscriber.id, email: input.email, confirmationRequired: true, confirmationSent }
}

/**
 * Confirms a subscription with the token from the email (a POST from the confirmation page). One
 * UPDATE checks and spends the token, so it works once and never after it expired.
 */
export const confirmNewsletter = async (payload: Payload, token: string, ip: string) => {
  const result = await payload.db.drizzle.execute(sql`
    UPDATE newsletter_subscribers SET double_opt_in_confirmed = true, confirmed_at = now(),
      double_opt_in_token = NULL, double_opt_in_expires = NULL, updated_at = now()
    WHERE double_opt_in_token = ${hashToken(token)} AND double_opt_in_expires > now()
    RETURNING id, email`)
  const row = result.rows[0] as { id: number; email: string } | undefined
  if (!row) throw badRequest(CONFIRM_INVALID, { token: CONFIRM_INVALID })
  // Subscribed again after unsubscribing: the newsletter preference comes back on.
  await payload.db.drizzle.execute(sql`
    INSERT INTO newsletter_subscribers_texts ("order", parent_id, path, text)
    SELECT coalesce(max("order"), 0) + 1, ${row.id}, 'emailPreferences', 'newsletter'
    FROM newsletter_subscribers_texts WHERE parent_id = ${row.id} AND path = 'emailPreferences'
    HAVING NOT bool_or(text = 'newsletter') OR count(*) = 0`)
  await payload.db.drizzle.execute(sql`
    UPDATE email_preferences SET newsletter_enabled = true, last_updated = now(), updated_at = now()
    WHERE lower(email) = lower(${row.email})`)
  await recordConsent(payload, {
    email: row.email,
    consentType: 'newsletter',
    ipAddress: ip,
    source: 'double-opt-in',
    metadata: { stage: 'confirmation', text: NEWSLETTER_CONFIRM_TEXT },
  })
  await enrollInWelcomeSequence(payload, row.email)
  return { email: row.email }
}
