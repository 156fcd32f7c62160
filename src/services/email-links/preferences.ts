import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { notFound } from './not-found'
import {
  bare,
  email_events,
  email_preferences,
  enum_email_preferences_frequency,
  enumType,
  newsletter_subscribers,
} from '@/db'
import type { EmailPreferencesInput } from '@/schemas/email'

import type { Transaction } from '../shared/transaction'

import { stopSequences } from '../email/sequences'

export type PreferencesView = Omit<EmailPreferencesInput, 'token'> & { email: string }

const byToken = async (payload: Payload, token: string) => {
  const result = await payload.db.drizzle.execute(sql`
    SELECT ${bare(email_preferences.email, email_preferences.newsletterEnabled, email_preferences.promotionsEnabled, email_preferences.updatesEnabled, email_preferences.weeklyDigestEnabled)},
      ${bare(email_preferences.frequency)} FROM ${email_preferences} WHERE ${bare(email_preferences.unsubscribeToken)} = ${token} LIMIT 1`)
  return result.rows[0] as
    | {
        email: string
        newsletter_enabled: boolean | null
        promotions_enabled: boolean | null
        updates_enabled: boolean | null
        weekly_digest_enabled: boolean | null
        frequency: 'daily' | 'weekly' | 'monthly'
      }
    | undefined
}

/** The preferences behind an unsubscribe token (the token is the only key; no login, no cookie). */
export const preferencesFor = async (payload: Payload, token: string): Promise<PreferencesView> => {
  const row = await byToken(payload, token)
  if (!row) throw notFound()
  return {
    email: row.email,
    newsletterEnabled: row.newsletter_enabled !== false,
    promotionsEnabled: row.promotions_enabled !== false,
    updatesEnabled: row.updates_enabled !== false,
    weeklyDigestEnabled: row.weekly_digest_enabled !== false,
    frequency: row.frequency,
  }
}

/**
 * Puts "newsletter" into a subscriber's emailPreferences list or takes it out: one UPDATE of the
 * row's jsonb list, so concurrent changes cannot lose one another. `onlyConfirmed`: on only for a
 * subscriber who confirmed (others sign up with double opt-in again).
 */
export const setNewsletterPreference = async (
  db: Transaction['db'],
  email: string,
  on: boolean,
  { onlyConfirmed = false } = {},
) => {
  await db.execute(
    on
      ? sql`UPDATE ${newsletter_subscribers}
          SET ${bare(newsletter_subscribers.emailPreferences)} = coalesce(${bare(newsletter_subscribers.emailPreferences)}, '[]') || '["newsletter"]', ${bare(newsletter_subscribers.updatedAt)} = now()
          WHERE lower(${bare(newsletter_subscribers.email)}) = lower(${email}) AND NOT coalesce(${bare(newsletter_subscribers.emailPreferences)}, '[]') @> '["newsletter"]'
            AND (${!onlyConfirmed} OR ${bare(newsletter_subscribers.doubleOptInConfirmed)})`
      : sql`UPDATE ${newsletter_subscribers}
          SET ${bare(newsletter_subscribers.emailPreferences)} = ${bare(newsletter_subscribers.emailPreferences)} - 'newsletter', ${bare(newsletter_subscribers.updatedAt)} = now()
          WHERE lower(${bare(newsletter_subscribers.email)}) = lower(${email}) AND ${bare(newsletter_subscribers.emailPreferences)} @> '["newsletter"]'`,
  )
}

const setNewsletter = async (payload: Payload, email: string, on: boolean) => {
  await setNewsletterPreference(payload.db.drizzle, email, on, { onlyConfirmed: true })
  if (!on) await stopSequences(payload, email)
}

/** Changes take effect at once: the next send checks these same rows. */
export const updatePreferences = async (payload: Payload, input: EmailPreferencesInput) => {
  const result = await payload.db.drizzle.execute(sql`
    UPDATE ${email_preferences} SET ${bare(email_preferences.newsletterEnabled)} = ${input.newsletterEnabled},
      ${bare(email_preferences.promotionsEnabled)} = ${input.promotionsEnabled},
      ${bare(email_preferences.updatesEnabled)} = ${input.updatesEnabled},
      ${bare(email_preferences.weeklyDigestEnabled)} = ${input.weeklyDigestEnabled},
      ${bare(email_preferences.frequency)} = ${input.frequency}::${enumType(enum_email_preferences_frequency)},
      ${bare(email_preferences.lastUpdated)} = now(), ${bare(email_preferences.updatedAt)} = now()
    WHERE ${bare(email_preferences.unsubscribeToken)} = ${input.token} RETURNING ${bare(email_preferences.email)}`)
  const row = result.rows[0] as { email: string } | undefined
  if (!row) throw notFound()
  await setNewsletter(payload, row.email, input.newsletterEnabled)
  return preferencesFor(payload, input.token)
}

/** Every kind of bulk mail off for the token's address (the frequency is kept). */
export const turnOffAllMail = async (payload: Payload, token: string) => {
  const current = await preferencesFor(payload, token)
  return updatePreferences(payload, {
    token,
    newsletterEnabled: false,
    promotionsEnabled: false,
    updatesEnabled: false,
    weeklyDigestEnabled: false,
    frequency: current.frequency,
  })
}

/**
 * One-click unsubscribe (RFC 8058): every kind of bulk mail off, running sequences stopped, an
 * unsubscribe event recorded. Replies to the person's own messages still reach them.
 */
export const unsubscribeAll = async (payload: Payload, token: string, source: string) => {
  const view = await turnOffAllMail(payload, token)
  await payload.db.drizzle.execute(sql`
    INSERT INTO ${email_events} (${bare(email_events.email, email_events.eventType, email_events.timestamp, email_events.reason, email_events.updatedAt, email_events.createdAt)})
    VALUES (${view.email}, 'unsubscribe', now(), ${source}, now(), now())`)
  return view
}
