import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { forgetStalePreviews } from '../admin/newsletter-import'
import { purgeRollupsBefore } from '../metrics/rollup'
import { purgeWebVitalsBefore } from '../metrics/speed'
import {
  analytics_events,
  bare,
  consents,
  data_requests,
  email_events,
  email_logs,
  engagement_events,
  newsletter_subscribers,
  users_sessions,
  web_vitals,
} from '@/db'

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
  webVitals: number
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
    sql`DELETE FROM ${analytics_events} WHERE ${bare(analytics_events.id)} IN (SELECT ${bare(analytics_events.id)} FROM ${analytics_events}
      WHERE ${bare(analytics_events.createdAt)} < ${eventsBefore} LIMIT ${BATCH}) RETURNING 1`,
  )
  // Engagement events go by whole UTC days (kept up to a day longer): their days' partitions are
  // dropped, what else is older (the default partition's rows) deleted, and what the rollups
  // counted of them goes with them (decision 0195).
  const [{ day: engagementBefore }] = (
    await payload.db.drizzle.execute(
      sql`SELECT to_char(date_trunc('day', ${eventsBefore}, 'UTC') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS day`,
    )
  ).rows as { day: string }[]
  const [{ dropped }] = (
    await payload.db.drizzle.execute(
      sql`SELECT engagement_events_drop_days(${engagementBefore}::date)::int AS dropped`,
    )
  ).rows as { dropped: number }[]
  const engagementEvents =
    dropped +
    (await inBatches(
      payload,
      sql`DELETE FROM ${engagement_events} WHERE ${bare(engagement_events.id)} IN (SELECT ${bare(engagement_events.id)} FROM ${engagement_events}
      WHERE ${bare(engagement_events.createdAt)} < ${engagementBefore}::timestamptz LIMIT ${BATCH}) RETURNING 1`,
    ))
  await purgeRollupsBefore(payload, engagementBefore)
  // Web Vitals beacons by the same whole UTC days, with their daily histograms (decision 0221).
  const webVitals = await inBatches(
    payload,
    sql`DELETE FROM ${web_vitals} WHERE ${bare(web_vitals.id)} IN (SELECT ${bare(web_vitals.id)} FROM ${web_vitals}
      WHERE ${bare(web_vitals.createdAt)} < ${engagementBefore}::timestamptz LIMIT ${BATCH}) RETURNING 1`,
  )
  await purgeWebVitalsBefore(payload, engagementBefore)
  // Opens, clicks, bounces, complaints and unsubscribes of sent emails: events like the others.
  const emailEvents = await inBatches(
    payload,
    sql`DELETE FROM ${email_events} WHERE ${bare(email_events.id)} IN (SELECT ${bare(email_events.id)} FROM ${email_events}
      WHERE ${bare(email_events.createdAt)} < ${eventsBefore} LIMIT ${BATCH}) RETURNING 1`,
  )
  const emailBodies = await inBatches(
    payload,
    sql`UPDATE ${email_logs} SET ${bare(email_logs.message)} = NULL,
    ${bare(email_logs.htmlContent)} = NULL, ${bare(email_logs.rawMessage)} = NULL,
        ${bare(email_logs.updatedAt)} = now()
      WHERE ${bare(email_logs.id)} IN (SELECT ${bare(email_logs.id)} FROM ${email_logs} WHERE ${bare(email_logs.createdAt)} < ${olderThanMonths(emailBodiesMonths)}
        AND (${bare(email_logs.message)} IS NOT NULL OR ${bare(email_logs.htmlContent)} IS NOT NULL OR ${bare(email_logs.rawMessage)} IS NOT NULL)
        LIMIT ${BATCH}) RETURNING 1`,
  )
  const unconfirmedSignups = await inBatches(
    payload,
    sql`WITH gone AS (
        DELETE FROM ${newsletter_subscribers} WHERE ${bare(newsletter_subscribers.id)} IN (SELECT ${bare(newsletter_subscribers.id)} FROM ${newsletter_subscribers}
          WHERE ${bare(newsletter_subscribers.doubleOptInConfirmed)} IS NOT true AND ${bare(newsletter_subscribers.confirmedAt)} IS NULL
            AND coalesce(${bare(newsletter_subscribers.confirmationSentAt, newsletter_subscribers.createdAt)}) < ${signupsBefore}
          LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING ${bare(newsletter_subscribers.email)}),
      dropped_consents AS (
        DELETE FROM ${consents} WHERE ${bare(consents.consentType)} = 'newsletter'
          AND lower(${bare(consents.email)}) IN (SELECT lower(${bare(newsletter_subscribers.email)}) FROM gone))
      SELECT 1 FROM gone`,
  )
  const expiredTokens = await inBatches(
    payload,
    sql`UPDATE ${newsletter_subscribers} SET ${bare(newsletter_subscribers.doubleOptInToken)} = NULL, ${bare(newsletter_subscribers.doubleOptInExpires)} = NULL,
        ${bare(newsletter_subscribers.updatedAt)} = now()
      WHERE ${bare(newsletter_subscribers.id)} IN (SELECT ${bare(newsletter_subscribers.id)} FROM ${newsletter_subscribers}
        WHERE ${bare(newsletter_subscribers.doubleOptInToken)} IS NOT NULL AND ${bare(newsletter_subscribers.doubleOptInExpires)} < now() LIMIT ${BATCH})
      RETURNING 1`,
  )
  // Export and erasure links from the preferences page (decision 0112): the row holds the address.
  const expiredDataRequests = await inBatches(
    payload,
    sql`DELETE FROM ${data_requests} WHERE ${bare(data_requests.id)} IN (SELECT ${bare(data_requests.id)} FROM ${data_requests}
      WHERE ${bare(data_requests.expiresAt)} < now() LIMIT ${BATCH}) RETURNING 1`,
  )
  const expiredSessions = await inBatches(
    payload,
    sql`DELETE FROM ${users_sessions} WHERE ${bare(users_sessions.id)} IN (SELECT ${bare(users_sessions.id)} FROM ${users_sessions}
      WHERE ${bare(users_sessions.expiresAt)} < now() LIMIT ${BATCH}) RETURNING 1`,
  )
  // Newsletter imports previewed but never started: their staged addresses (decision 123).
  const staleImportPreviews = await forgetStalePreviews(payload)
  return {
    analyticsEvents,
    engagementEvents,
    webVitals,
    emailEvents,
    emailBodies,
    unconfirmedSignups,
    expiredTokens,
    expiredDataRequests,
    expiredSessions,
    staleImportPreviews,
  }
}
