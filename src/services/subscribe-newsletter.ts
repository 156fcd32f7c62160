import { createHash, randomBytes } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { erasedAddressHash } from '@/lib/anonymize'
import {
  CONFIRM_INVALID,
  NEWSLETTER_CONFIRM_TEXT,
  NEWSLETTER_CONSENT_TEXT,
  confirmationEmail,
} from '@/lib/email/newsletter'
import { env } from '@/lib/env'
import { badRequest, conflict, isUniqueViolation } from '@/lib/errors'
import type { NewsletterSignup } from '@/schemas/newsletter'

import { confirmationToken, newMessageId, redactedConfirmUrl } from './email/secret-links'
import { enrollInWelcomeSequence } from './email/sequences'
import { queueEmail } from './queue-email'
import { recordConsent } from './record-consent'
import { type Transaction, inTransaction } from './transaction'

export const ALREADY_SUBSCRIBED = "You're already subscribed to our newsletter!"

/** The link carries the token; the database keeps only its SHA-256. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

type SubscriberRow = { id: number; email: string; first_name: string | null; confirmed: boolean }

const findSubscriber = async (db: Transaction['db'], email: string) => {
  const result = await db.execute(sql`
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
const sendConfirmation = async (payload: Payload, tx: Transaction, subscriber: SubscriberRow) => {
  // The token is derived from the email's Message-ID at send time; the log stores it redacted.
  const messageId = newMessageId()
  const token = confirmationToken(messageId)
  const { EMAIL_CONFIRM_TTL_HOURS: hours, EMAIL_CONFIRM_RESEND_MINUTES: wait } = env()
  const claimed = await tx.db.execute(sql`
    UPDATE newsletter_subscribers SET double_opt_in_token = ${hashToken(token)},
      double_opt_in_expires = now() + make_interval(secs => ${hours * 3600}),
      confirmation_sent_at = now(), updated_at = now()
    WHERE id = ${subscriber.id} AND (confirmation_sent_at IS NULL
      OR confirmation_sent_at < now() - make_interval(secs => ${wait * 60}))
    RETURNING id`)
  if (claimed.rows.length === 0) return false
  await queueEmail(
    payload,
    {
      to: subscriber.email,
      ...confirmationEmail(redactedConfirmUrl(), hours, subscriber.first_name),
      emailType: 'confirmation',
      messageId,
      tags: ['double-opt-in'],
    },
    tx,
  )
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
): Promise<{
  id: number
  email: string
  confirmationRequired: true
  confirmationSent: boolean
}> => {
  try {
    return await subscribeOnce(payload, input, ip)
  } catch (error) {
    // A concurrent signup of the same address won the insert (and has committed): carry on with its row.
    if (!isUniqueViolation(error)) throw error
    return subscribeOnce(payload, input, ip)
  }
}

/** The subscriber, its consent, the confirmation claim and the queued email: one transaction. */
const subscribeOnce = (payload: Payload, input: NewsletterSignup, ip: string) =>
  inTransaction(payload, async (tx) => {
    const now = new Date().toISOString()
    const source = input.source || 'website'
    let subscriber = await findSubscriber(tx.db, input.email)
    if (subscriber?.confirmed) throw conflict(ALREADY_SUBSCRIBED, { email: ALREADY_SUBSCRIBED })
    if (!subscriber) {
      await payload.create({
        collection: 'newsletter-subscribers',
        overrideAccess: true,
        depth: 0,
        req: tx.req,
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
      subscriber = await findSubscriber(tx.db, input.email)
      if (!subscriber) throw new Error('subscriber row missing after insert')
    }
    await recordConsent(payload, tx, {
      email: input.email,
      consentType: 'newsletter',
      ipAddress: ip,
      source,
      metadata: {
        stage: 'signup',
        text: NEWSLETTER_CONSENT_TEXT,
        interests: input.interests ?? [],
      },
    })
    const confirmationSent = await sendConfirmation(payload, tx, subscriber)
    return {
      id: subscriber.id,
      email: input.email,
      confirmationRequired: true as const,
      confirmationSent,
    }
  })

/**
 * Confirms a subscription with the token from the email (a POST from the confirmation page). One
 * UPDATE checks and spends the token, so it works once and never after it expired.
 */
export const confirmNewsletter = async (payload: Payload, token: string, ip: string) => {
  const email = await inTransaction(payload, async (tx) => {
    const result = await tx.db.execute(sql`
      UPDATE newsletter_subscribers SET double_opt_in_confirmed = true, confirmed_at = now(),
        double_opt_in_token = NULL, double_opt_in_expires = NULL, updated_at = now()
      WHERE double_opt_in_token = ${hashToken(token)} AND double_opt_in_expires > now()
      RETURNING id, email`)
    const row = result.rows[0] as { id: number; email: string } | undefined
    if (!row) throw badRequest(CONFIRM_INVALID, { token: CONFIRM_INVALID })
    // Subscribed again after unsubscribing: the newsletter preference comes back on.
    await tx.db.execute(sql`
      INSERT INTO newsletter_subscribers_texts ("order", parent_id, path, text)
      SELECT coalesce(max("order"), 0) + 1, ${row.id}, 'emailPreferences', 'newsletter'
      FROM newsletter_subscribers_texts WHERE parent_id = ${row.id} AND path = 'emailPreferences'
      HAVING NOT bool_or(text = 'newsletter') OR count(*) = 0`)
    await tx.db.execute(sql`
      UPDATE email_preferences SET newsletter_enabled = true, last_updated = now(), updated_at = now()
      WHERE lower(email) = lower(${row.email})`)
    // A new, confirmed consent outweighs what an earlier erasure kept of the address.
    await tx.db.execute(sql`
      DELETE FROM erased_addresses WHERE address_hash = ${erasedAddressHash(row.email)}`)
    await recordConsent(payload, tx, {
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
