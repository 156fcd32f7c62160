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
import { batchColumns, preparedStatement, unnestRows, unnestValues } from '@/lib/db/prepared'
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
import { consentInsert, recordConsent } from '../shared/consent'
import { type Signup, signupBatches } from '../shared/signup-batch'
import {
  MAIL_KEY,
  RECIPIENT,
  claimSignupMail,
  markSignupMail,
  SIGNUP_MAIL_COLUMNS,
  signupMailFields,
  signupMailWrites,
  signupMessageRows,
  signupMessageValues,
  signupMessages,
} from '../shared/signup-mail'
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

/** The answer to every valid signup, new address or known: it tells no one which (decision 0163). */
export type NewsletterSignupAnswer = { email: string; confirmationRequired: true }

/** The columns of a batch's signups, one row each (the keys of `writeSignups`' rows). */
const SIGNUP = batchColumns(
  {
    email: ['in_email', 'text'],
    firstName: ['in_first_name', 'text'],
    interests: ['in_interests', 'jsonb'],
    ip: ['in_ip', 'text'],
    source: ['in_source', 'text'],
    unsubscribeToken: ['in_unsubscribe_token', 'text'],
    tokenHash: ['in_token_hash', 'text'],
    consent: ['in_consent', 'jsonb'],
  },
  SIGNUP_MAIL_COLUMNS,
)
const IN = SIGNUP.ref

/** The keys of the two messages a signup may queue (`signupMessages`). */
const CONFIRMATION = 'confirmation'
const ALREADY_SUBSCRIBED = 'already-subscribed'

/**
 * The newsletter signups (double opt-in) of a batch (shared/signup-batch.ts), new addresses or
 * known, in one statement (decisions 0115, 0241, 0275); each signup as it would be with a statement
 * of its own.
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
const writeSignups = async (payload: Payload, signups: Signup<NewsletterSignup>[]) => {
  const rows = signups.map(({ input, ip }) => {
    const messageId = newMessageId()
    return {
      in_email: input.email,
      in_first_name: input.firstName || null,
      in_interests: input.interests ?? [],
      in_ip: ip,
      in_source: input.source || 'website',
      in_unsubscribe_token: randomBytes(24).toString('base64url'),
      in_token_hash: hashToken(confirmationToken(messageId)),
      in_consent: consentMetadata(input),
      ...signupMailFields(input.email, messageId),
    }
  })
  await writeStatement(payload, { ...unnestValues(SIGNUP.types, rows), ...messages() })
}

/**
 * The two messages a signup may queue (`signupMessageValues`): the same for the life of the
 * process (env() is read once), so rendered once.
 */
let messageValues: Record<string, unknown[]> | undefined
const messages = () =>
  (messageValues ??= signupMessageValues(
    signupMessageRows({
      [CONFIRMATION]: {
        ...confirmationEmail(redactedConfirmUrl(), env().EMAIL_CONFIRM_TTL_HOURS, null),
        tags: ['double-opt-in'],
      },
      [ALREADY_SUBSCRIBED]: {
        ...alreadySubscribedEmail(null),
        tags: ['double-opt-in', 'already-subscribed'],
      },
    }),
  ))

/** `writeSignups`' statement, built once. */
const writeStatement = preparedStatement<Record<string, unknown[]>>('subscribe-newsletter', () => {
  const ttlSeconds = env().EMAIL_CONFIRM_TTL_HOURS * 3600
  const n = newsletter_subscribers
  const k = alias(newsletter_subscribers, 'k')
  const u = alias(newsletter_subscribers, 'u')
  const i = sql.identifier('i')
  const { to, name, message, messageId } = RECIPIENT
  const confirmed = sql.identifier('mail_confirmed')
  const known = sql.identifier('known_id')
  return sql`
    WITH signup AS (SELECT * FROM ${unnestRows('i', SIGNUP.types)}),
    messages AS (${signupMessages()}),
    subscriber AS (
      INSERT INTO ${n} (${bare(n.email, n.firstName, n.interests, n.subscribedAt)},
        ${bare(n.consentTimestamp, n.consentIp, n.consentSource, n.unsubscribeToken, n.doubleOptInToken)},
        ${bare(n.doubleOptInExpires, n.confirmationSentAt)})
      SELECT ${i}.${IN.email}, ${i}.${IN.firstName}, ${i}.${IN.interests}, now(), now(),
        ${i}.${IN.ip}, ${i}.${IN.source}, ${i}.${IN.unsubscribeToken}, ${i}.${IN.tokenHash},
        now() + make_interval(secs => ${ttlSeconds}::integer), now()
      FROM signup ${i}
      WHERE NOT EXISTS (SELECT 1 FROM ${n} WHERE lower(${bare(n.email)}) = lower(${i}.${IN.email}))
      ORDER BY lower(${i}.${IN.email})
      ON CONFLICT DO NOTHING
      RETURNING ${bare(n.id, n.email)}),
    fresh AS (
      SELECT ${i}.* FROM signup ${i}
      WHERE EXISTS (SELECT 1 FROM subscriber WHERE lower(subscriber.${bare(n.email)}) = lower(${i}.${IN.email}))),
    mark AS (${markSignupMail('fresh')}),
    known AS (
      SELECT DISTINCT ON (${i}.${MAIL_KEY}) ${i}.*, ${k.id} AS ${known}, ${k.email} AS ${to},
        ${k.firstName} AS ${name}, ${receivesNewsletter('k')} AS ${confirmed}
      FROM signup ${i} JOIN ${n} ${k} ON lower(${k.email}) = lower(${i}.${IN.email})
      WHERE NOT EXISTS (SELECT 1 FROM fresh WHERE fresh.${MAIL_KEY} = ${i}.${MAIL_KEY})
      ORDER BY ${i}.${MAIL_KEY}, ${k.id}),
    consenting AS (
      SELECT ${IN.email}, ${IN.ip}, ${IN.source}, ${IN.consent} FROM fresh
      UNION ALL SELECT ${IN.email}, ${IN.ip}, ${IN.source}, ${IN.consent} FROM known WHERE NOT ${confirmed}),
    consent AS (${consentInsert(
      {
        email: sql`consenting.${IN.email}`,
        consentType: 'newsletter',
        ipAddress: sql`consenting.${IN.ip}`,
        source: sql`consenting.${IN.source}`,
        metadata: sql`consenting.${IN.consent}`,
      },
      'consenting',
    )}),
    claim AS (${claimSignupMail('known')}),
    renewed AS (
      UPDATE ${n} ${u} SET ${bare(n.doubleOptInToken)} = known.${IN.tokenHash},
        ${bare(n.doubleOptInExpires)} = now() + make_interval(secs => ${ttlSeconds}::integer),
        ${bare(n.confirmationSentAt)} = now(), ${bare(n.updatedAt)} = now()
      FROM known JOIN claim ON claim.${MAIL_KEY} = known.${MAIL_KEY}
      WHERE ${u.id} = known.${known} AND NOT known.${confirmed} AND NOT ${receivesNewsletter('u')}
      RETURNING known.*),
    recipient AS (
      SELECT ${IN.email} AS ${to}, ${IN.firstName} AS ${name}, ${CONFIRMATION}::text AS ${message},
        ${messageId}
      FROM fresh
      UNION ALL SELECT ${to}, ${name}, ${CONFIRMATION}::text, ${messageId} FROM renewed
      UNION ALL SELECT known.${to}, known.${name}, ${ALREADY_SUBSCRIBED}::text, known.${messageId}
        FROM known JOIN claim ON claim.${MAIL_KEY} = known.${MAIL_KEY} WHERE known.${confirmed}),
    ${signupMailWrites('recipient', 'messages')}
    SELECT count(*) FROM subscriber`
})

const consentMetadata = (input: NewsletterSignup) => ({
  stage: 'signup',
  text: NEWSLETTER_CONSENT_TEXT,
  interests: input.interests ?? [],
})

/**
 * A newsletter signup, new address or known (`writeSignups`), written with the others of its
 * batch; resolves when it is committed.
 */
const subscribe = signupBatches(writeSignups)

export const subscribeNewsletter = async (
  payload: Payload,
  input: NewsletterSignup,
  ip: string,
): Promise<NewsletterSignupAnswer> => {
  await subscribe(payload, input, ip)
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
