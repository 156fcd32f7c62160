import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { forgetStalePreviews } from '../admin/newsletter-import'

/**
 * How long personal data is kept (decision 0110). The two ages in months are site settings (the
 * privacy page states them); the others are fixed.
 */
export const RETENTION_DEFAULTS = { eventsMonths: 13, emailBodiesMonths: 12 } as const

/** A newsletter signup never confirmed is deleted this long after its last confirmation email. */
export const UNCONFIRMED_SIGNUP_DAYS = 30

export type Retention = { eventsMonths: number; emailBodiesMonths: number }

/** The ages in force: the site settings', or the defaults where a value is missing. */
export const retentionOf = (settings: { retention?: Partial<Retention> | null }): Retention => ({
  eventsMonths: settings.retention?.eventsMonths || RETENTION_DEFAULTS.eventsMonths,
  emailBodiesMonths: settings.retention?.emailBodiesMonths || RETENTION_DEFAULTS.emailBodiesMonths,
})

export type Purged = {
  analyticsEvents: number
  engagementEvents: number
  emailEvents: number
  emailBodies: number
  unconfirmedSignups: number
  expiredTokens: number
  expiredDataRequests: number
  expiredSessions: number
  staleImportPreviews: number
}

/** Rows per statement: a large backlog is worked in short statements, never one long lock. */
const BATCH = 5_000

/** Runs a statement that touches at most BATCH rows (RETURNING 1) until it touches fewer. */
const inBatches = async (payload: Payload, statement: SQL) => {
  let total = 0
  for (;;) {
    const { rows } = await payload.db.drizzle.execute(statement)
    total += rows.length
    if (rows.length < BATCH) return total
  }
}

const olderThanMonths = (months: number) => sql`now() - make_interval(months => ${months})`

/**
 * Deletes what is past its age: analytics, engagement and email events, the contents of old email logs
 * (the row saying who was sent what subject and when stays), newsletter signups that were never
 * confirmed (with their signup consent, which was never completed), spent confirmation tokens that
 * expired, export and erasure requests whose link expired, expired sign-in sessions and newsletter
 * import previews never started. Safe to run twice or on two instances at once.
 */
export const purgeExpiredData = async (payload: Payload): Promise<Purged> => {
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  const { eventsMonths, emailBodiesMonths } = retentionOf(settings)
  const eventsBefore = olderThanMonths(eventsMonths)
  const signupsBefore = sql`now() - make_interval(days => ${UNCONFIRMED_SIGNUP_DAYS})`

  const analyticsEvents = await inBatches(
    payload,
    sql`DELETE FROM analytics_events WHERE id IN (SELECT id FROM analytics_events
      WHERE created_at < ${eventsBefore} LIMIT ${BATCH}) RETURNING 1`,
  )
  const engagementEvents = await inBatches(
    payload,
    sql`DELETE FROM engagement_events WHERE id IN (SELECT id FROM engagement_events
      WHERE created_at < ${eventsBefore} LIMIT ${BATCH}) RETURNING 1`,
  )
  // Opens, clicks, bounces, complaints and unsubscribes of sent emails: events like the others.
  const emailEvents = await inBatches(
    payload,
    sql`DELETE FROM email_events WHERE id IN (SELECT id FROM email_events
      WHERE created_at < ${eventsBefore} LIMIT ${BATCH}) RETURNING 1`,
  )
  const emailBodies = await inBatches(
    payload,
    sql`UPDATE email_logs SET message = NULL, html_content = NULL, raw_message = NULL,
        updated_at = now()
      WHERE id IN (SELECT id FROM email_logs WHERE created_at < ${olderThanMonths(emailBodiesMonths)}
        AND (message IS NOT NULL OR html_content IS NOT NULL OR raw_message IS NOT NULL)
        LIMIT ${BATCH}) RETURNING 1`,
  )
  const unconfirmedSignups = await inBatches(
    payload,
    sql`WITH gone AS (
        DELETE FROM newsletter_subscribers WHERE id IN (SELECT id FROM newsletter_subscribers
          WHERE double_opt_in_confirmed IS NOT true AND confirmed_at IS NULL
            AND coalesce(confirmation_sent_at, created_at) < ${signupsBefore}
          LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING email),
      consents AS (
        DELETE FROM consents WHERE consent_type = 'newsletter'
          AND lower(email) IN (SELECT lower(email) FROM gone))
      SELECT 1 FROM gone`,
  )
  const expiredTokens = await inBatches(
    payload,
    sql`UPDATE newsletter_subscribers SET double_opt_in_token = NULL, double_opt_in_expires = NULL,
        updated_at = now()
      WHERE id IN (SELECT id FROM newsletter_subscribers
        WHERE double_opt_in_token IS NOT NULL AND double_opt_in_expires < now() LIMIT ${BATCH})
      RETURNING 1`,
  )
  // Export and erasure links from the preferences page (decision 0112): the row holds the address.
  const expiredDataRequests = await inBatches(
    payload,
    sql`DELETE FROM data_requests WHERE id IN (SELECT id FROM data_requests
      WHERE expires_at < now() LIMIT ${BATCH}) RETURNING 1`,
  )
  const expiredSessions = await inBatches(
    payload,
    sql`DELETE FROM users_sessions WHERE id IN (SELECT id FROM users_sessions
      WHERE expires_at < now() LIMIT ${BATCH}) RETURNING 1`,
  )
  // Newsletter imports previewed but never started: their staged addresses (decision 123).
  const staleImportPreviews = await forgetStalePreviews(payload)
  return {
    analyticsEvents,
    engagementEvents,
    emailEvents,
    emailBodies,
    unconfirmedSignups,
    expiredTokens,
    expiredDataRequests,
    expiredSessions,
    staleImportPreviews,
  }
}
