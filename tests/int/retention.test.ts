import { sql } from '@payloadcms/db-postgres/drizzle'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { runEmailQueue } from '@/jobs/queue'
import { siteSettings } from '@/seed/data'
import { purgeExpiredData, RETENTION_DEFAULTS } from '@/services/shared/retention'

import { startApp, type TestApp, uniqueEmail } from '../helpers/app'

vi.hoisted(() => {
  delete process.env.SMTP_URL
})

let app: TestApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(async () => app?.close())

const db = () => app.payload.db.drizzle

/** Moves a row's creation back in time (`age` is a PostgreSQL interval, e.g. '13 months 1 day'). */
const backdate = (table: string, id: number, age: string, column = 'created_at') =>
  db().execute(
    sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = now() - ${age}::interval
      WHERE id = ${id}`,
  )

const exists = async (table: string, id: number) =>
  (await app.rows(sql`SELECT 1 FROM ${sql.identifier(table)} WHERE id = ${id}`)).length === 1

const event = async (collection: 'analytics-events' | 'engagement-events', age: string) => {
  const doc =
    collection === 'analytics-events'
      ? await app.payload.create({
          collection,
          data: { action: 'click', category: 'navigation', page: '/retention' },
        })
      : await app.payload.create({
          collection,
          data: { eventType: 'page_view', page: '/retention' },
        })
  await backdate(collection.replace('-', '_'), doc.id, age)
  return doc.id
}

/** An open of a tracked email, as the pixel records it (decision 0111: no User-Agent, no IP). */
const emailEvent = async (age: string) => {
  const doc = await app.payload.create({
    collection: 'email-events',
    data: { email: uniqueEmail('reader'), eventType: 'open', browser: 'Firefox', os: 'Linux' },
  })
  await backdate('email_events', doc.id, age)
  return doc.id
}

/** A visitor's export or erasure request from the preferences page, its link expiring `in`. */
const dataRequest = async (expiresIn: string) => {
  const doc = await app.payload.create({
    collection: 'data-requests',
    data: {
      email: uniqueEmail('asker'),
      kind: 'export',
      tokenHash: `hash-${Math.random()}`,
      expiresAt: new Date().toISOString(),
    },
  })
  await db().execute(
    sql`UPDATE data_requests SET expires_at = now() + ${expiresIn}::interval WHERE id = ${doc.id}`,
  )
  return doc.id
}

const emailLog = async (age: string) => {
  const doc = await app.payload.create({
    collection: 'email-logs',
    data: {
      toEmail: uniqueEmail('kept'),
      fromEmail: 'hello@starfinity.example',
      subject: 'Your reply',
      emailType: 'reply',
      status: 'sent',
      message: 'Dear visitor, the whole letter.',
      htmlContent: '<p>Dear visitor, the whole letter.</p>',
      rawMessage: 'From: hello@starfinity.example\r\n\r\nDear visitor',
    },
  })
  await backdate('email_logs', doc.id, age)
  return doc.id
}

/** A newsletter signup as the form leaves it, plus its signup consent; confirmed or not. */
const signup = async ({ age, confirmed = false }: { age: string; confirmed?: boolean }) => {
  const email = uniqueEmail('signup')
  const doc = await app.payload.create({
    collection: 'newsletter-subscribers',
    data: {
      email,
      doubleOptInConfirmed: confirmed,
      confirmedAt: confirmed ? new Date().toISOString() : undefined,
    },
  })
  await app.payload.create({
    collection: 'consents',
    data: { email, consentType: 'newsletter', source: 'website' },
  })
  await backdate('newsletter_subscribers', doc.id, age)
  return { id: doc.id, email }
}

/** A Web Vitals beacon of `age` ago. */
const vitals = async (age: string) =>
  (
    await app.rows<{ id: number }>(sql`INSERT INTO web_vitals (route, device, lcp, created_at)
      VALUES ('/', 'mobile', 1200, now() - ${age}::interval) RETURNING id`)
  )[0].id

const consentsOf = async (email: string) =>
  (await app.rows<{ n: string }>(sql`SELECT count(*) AS n FROM consents WHERE email = ${email}`))[0]
    .n

describe('retention', () => {
  it('deletes exactly what is past its age, and keeps everything younger', async () => {
    const oldAnalytics = await event('analytics-events', '13 months 1 day')
    const youngAnalytics = await event('analytics-events', '12 months 25 days')
    const oldEngagement = await event('engagement-events', '13 months 1 day')
    const youngEngagement = await event('engagement-events', '12 months 25 days')
    const oldVitals = await vitals('13 months 1 day')
    const youngVitals = await vitals('12 months 25 days')
    const oldEmailEvent = await emailEvent('13 months 1 day')
    const youngEmailEvent = await emailEvent('12 months 25 days')
    const oldLog = await emailLog('12 months 1 day')
    const youngLog = await emailLog('11 months 25 days')

    const stale = await signup({ age: '31 days' })
    const fresh = await signup({ age: '29 days' })
    const confirmedLongAgo = await signup({ age: '3 years', confirmed: true })
    // Asked again for a confirmation email 2 days ago: the 30 days start again.
    const resent = await signup({ age: '60 days' })
    await backdate('newsletter_subscribers', resent.id, '2 days', 'confirmation_sent_at')

    // One confirmation token that expired, one still valid.
    await db().execute(sql`UPDATE newsletter_subscribers SET double_opt_in_token = 'spent-hash',
      double_opt_in_expires = now() - interval '1 hour' WHERE id = ${fresh.id}`)
    await db().execute(sql`UPDATE newsletter_subscribers SET double_opt_in_token = 'live-hash',
      double_opt_in_expires = now() + interval '1 hour' WHERE id = ${resent.id}`)

    // One export link that expired an hour ago, one still valid.
    const expiredRequest = await dataRequest('-1 hour')
    const liveRequest = await dataRequest('1 hour')

    await app.createUser('retention-admin', 'full')
    const [{ id: userId }] = await app.rows<{ id: number }>(
      sql`SELECT id FROM users WHERE username = 'retention-admin'`,
    )
    await db()
      .execute(sql`INSERT INTO users_sessions (_order, _parent_id, id, created_at, expires_at)
      VALUES (90, ${userId}, 'expired-session', now() - interval '3 days', now() - interval '1 day'),
             (91, ${userId}, 'live-session', now(), now() + interval '1 day')`)

    const purged = await purgeExpiredData(app.payload)
    expect(purged).toEqual({
      analyticsEvents: 1,
      engagementEvents: 1,
      webVitals: 1,
      emailEvents: 1,
      emailBodies: 1,
      unconfirmedSignups: 1,
      expiredTokens: 1,
      expiredDataRequests: 1,
      expiredSessions: 1,
      staleImportPreviews: 0,
    })

    expect(await exists('analytics_events', oldAnalytics)).toBe(false)
    expect(await exists('analytics_events', youngAnalytics)).toBe(true)
    expect(await exists('engagement_events', oldEngagement)).toBe(false)
    expect(await exists('engagement_events', youngEngagement)).toBe(true)
    expect(await exists('web_vitals', oldVitals)).toBe(false)
    expect(await exists('web_vitals', youngVitals)).toBe(true)
    expect(await exists('email_events', oldEmailEvent)).toBe(false)
    expect(await exists('email_events', youngEmailEvent)).toBe(true)
    expect(await exists('data_requests', expiredRequest)).toBe(false)
    expect(await exists('data_requests', liveRequest)).toBe(true)

    // The old log keeps who, what subject and when; its contents are gone.
    const [old] = await app.rows<Record<string, string | null>>(
      sql`SELECT to_email, subject, status, message, html_content, raw_message FROM email_logs
        WHERE id = ${oldLog}`,
    )
    expect(old).toMatchObject({ subject: 'Your reply', status: 'sent', message: null })
    expect(old.to_email).toMatch(/@example\.com$/)
    expect(old.html_content).toBeNull()
    expect(old.raw_message).toBeNull()
    const [young] = await app.rows<{ message: string | null }>(
      sql`SELECT message FROM email_logs WHERE id = ${youngLog}`,
    )
    expect(young.message).toBe('Dear visitor, the whole letter.')

    // The never-confirmed signup and its signup consent are gone; the others stay.
    expect(await exists('newsletter_subscribers', stale.id)).toBe(false)
    expect(await consentsOf(stale.email)).toBe('0')
    for (const kept of [fresh, confirmedLongAgo, resent]) {
      expect(await exists('newsletter_subscribers', kept.id)).toBe(true)
      expect(await consentsOf(kept.email)).toBe('1')
    }

    const tokens = await app.rows<{ id: number; double_opt_in_token: string | null }>(
      sql`SELECT id, double_opt_in_token FROM newsletter_subscribers
        WHERE id IN (${fresh.id}, ${resent.id}) ORDER BY id`,
    )
    expect(tokens).toEqual([
      { id: fresh.id, double_opt_in_token: null },
      { id: resent.id, double_opt_in_token: 'live-hash' },
    ])
    expect(
      await app.rows(
        sql`SELECT id FROM users_sessions WHERE _parent_id = ${userId} AND _order >= 90`,
      ),
    ).toEqual([{ id: 'live-session' }])

    // Nothing left to do: a second run (or a second instance) deletes nothing more.
    expect(Object.values(await purgeExpiredData(app.payload))).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ])
  })

  it('reads the ages from the site settings', async () => {
    // Never saved: the defaults apply.
    expect((await app.payload.findGlobal({ slug: 'site-settings' })).retention).toEqual(
      RETENTION_DEFAULTS,
    )
    await app.payload.updateGlobal({ slug: 'site-settings', data: siteSettings })
    const twoMonths = await event('analytics-events', '2 months 1 day')
    const logOfTwoMonths = await emailLog('2 months 1 day')
    const emailEventOfTwoMonths = await emailEvent('2 months 1 day')
    const before = await purgeExpiredData(app.payload)
    expect([before.analyticsEvents, before.emailEvents]).toEqual([0, 0])

    await app.payload.updateGlobal({
      slug: 'site-settings',
      data: { retention: { eventsMonths: 2, emailBodiesMonths: 2 } },
    })
    try {
      const purged = await purgeExpiredData(app.payload)
      // This one and the first test's youngest (12 and 11 months old): both now past the age.
      expect(purged.analyticsEvents).toBe(2)
      expect(purged.emailBodies).toBe(2)
      expect(purged.emailEvents).toBe(2)
      expect(await exists('analytics_events', twoMonths)).toBe(false)
      expect(await exists('email_events', emailEventOfTwoMonths)).toBe(false)
      const [log] = await app.rows<{ message: string | null }>(
        sql`SELECT message FROM email_logs WHERE id = ${logOfTwoMonths}`,
      )
      expect(log.message).toBeNull()
    } finally {
      await app.payload.updateGlobal({
        slug: 'site-settings',
        data: { retention: RETENTION_DEFAULTS },
      })
    }
  })

  it('only full admins change the ages; an editor’s change to them is not stored', async () => {
    const editor = await app.createUser('retention-editor', 'editor')
    const byEditor = await app.request('POST', '/globals/site-settings', {
      token: editor,
      body: { tagline: 'Where the Future is Human', retention: { eventsMonths: 1 } },
    })
    expect(byEditor.status).toBe(200)
    expect((await app.payload.findGlobal({ slug: 'site-settings' })).retention?.eventsMonths).toBe(
      13,
    )

    const full = await app.createUser('retention-full', 'full')
    const byFull = await app.request('POST', '/globals/site-settings', {
      token: full,
      body: { retention: { eventsMonths: 24, emailBodiesMonths: 6 } },
    })
    expect(byFull.status).toBe(200)
    expect((await app.payload.findGlobal({ slug: 'site-settings' })).retention).toEqual({
      eventsMonths: 24,
      emailBodiesMonths: 6,
    })
    const invalid = await app.request('POST', '/globals/site-settings', {
      token: full,
      body: { retention: { eventsMonths: 0 } },
    })
    expect(invalid.status).toBe(400)
    expect(invalid.text).toContain('retention.eventsMonths')
    await app.payload.updateGlobal({
      slug: 'site-settings',
      data: { retention: RETENTION_DEFAULTS },
    })
  })

  it('is kept on the queue to run every night at 03:30 UTC', async () => {
    await runEmailQueue(app.payload)
    const jobs = await app.rows<{ wait_until: Date | string }>(
      sql`SELECT wait_until FROM payload_jobs WHERE task_slug = 'purgeExpiredData'
        AND completed_at IS NULL`,
    )
    expect(jobs).toHaveLength(1)
    const at = new Date(jobs[0].wait_until)
    expect([at.getUTCHours(), at.getUTCMinutes()]).toEqual([3, 30])
    expect(at.getTime() - Date.now()).toBeGreaterThan(0)
    expect(at.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3_600_000)
  })
})
