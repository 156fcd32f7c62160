/**
 * A signup of an address already on the list costs what a new one does (decision 0241): one
 * statement of the signup's tables on the request path, new address or known, and that statement
 * queues the email that tells the person (decision 0163) with the stored name, address and referral
 * code. Concurrent duplicates still make one row and one email. tests/int/doors.test.ts covers the
 * answers themselves (alike for new and known addresses) and the window between emails.
 */
import { sql } from '@payloadcms/db-postgres/drizzle'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { PRODUCT_LABELS } from '@/lib/constants'
import { alreadySubscribedEmail, confirmationEmail } from '@/lib/email/newsletter'
import { waitlistAlreadyJoinedEmail, waitlistConfirmationEmail } from '@/lib/email/waitlist'
import { env } from '@/lib/env'
import { referralUrl } from '@/lib/referrals'
import {
  hashToken,
  redactedConfirmUrl,
  redactedWaitlistConfirmUrl,
  redactedWaitlistStatusUrl,
  waitlistConfirmToken,
  waitlistStatusToken,
} from '@/services/email/secret-links'

import { randomIp, startApp, type TestApp, uniqueEmail } from '../helpers/app'

let app: TestApp

beforeAll(async () => {
  app = await startApp()
})
afterAll(async () => {
  await app?.close()
})

type Mail = {
  subject: string
  message: string
  html: string
  messageId: string
  status: string
  entry: number | null
  tags: string[]
}

const emailsTo = async (email: string) =>
  (
    await app.payload.db.drizzle.execute(sql`
      SELECT subject, message, html_content AS html, message_id AS "messageId", status,
        waitlist_entry_id AS entry, tags
      FROM email_logs WHERE lower(to_email) = lower(${email}) ORDER BY id`)
  ).rows as Mail[]

const jobsOf = async (mails: Mail[]) =>
  Number(
    (
      (
        await app.payload.db.drizzle.execute(sql`
          SELECT count(*)::int AS n FROM payload_jobs j JOIN email_logs l
            ON (j.input ->> 'logId')::int = l.id
          WHERE l.message_id IN (${sql.join(
            mails.map((mail) => sql`${mail.messageId}`),
            sql`, `,
          )})`)
      ).rows[0] as { n: number }
    ).n,
  )

/** The next email from a form may go now: as if the address's last one were an hour old. */
const letSignupMailGo = () =>
  app.payload.db.drizzle.execute(
    sql`UPDATE rate_limits SET window_start = now() - interval '1 hour' WHERE key LIKE 'signup-mail:%'`,
  )

const SIGNUP_TABLES = /\b(waitlist_entries|newsletter_subscribers|email_logs|consents)\b/

const post = (path: string, body: Record<string, unknown>) =>
  app.request('POST', path, { body, ip: randomIp() })

/**
 * The request (one at a time), and the statements it sent that touch a signup's tables (the rate limiter's counter
 * is the same for every request and is left out).
 */
const signup = async (path: string, body: Record<string, unknown>) => {
  const statements: string[] = []
  const original = pg.Client.prototype.query
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string }
    const text = typeof config === 'string' ? config : (config?.text ?? '')
    if (SIGNUP_TABLES.test(text)) statements.push(text)
    return (original as (...a: unknown[]) => unknown).apply(this, args)
  } as typeof original
  try {
    const response = await app.request('POST', path, { body, ip: randomIp() })
    return { ...response, statements }
  } finally {
    pg.Client.prototype.query = original
  }
}

describe('a known address costs one statement, as a new one', () => {
  it('waitlist: new, known unconfirmed and known confirmed are one statement each; each email has the stored name and code', async () => {
    const email = uniqueEmail('known-waitlist')
    const name = 'Ana <b>&"Li"</b>'
    const first = await signup('/waitlist', { email, name, product: 'records' })
    expect(first.status, first.text).toBe(201)
    expect(first.statements).toHaveLength(1)
    const [entry] = (
      await app.payload.db.drizzle.execute(
        sql`SELECT id, referral_code AS code FROM waitlist_entries WHERE email = ${email}`,
      )
    ).rows as { id: number; code: string }[]

    // Within the window after the confirmation: one statement, and no email.
    const soon = await signup('/waitlist', { email, name: 'Other', product: 'records' })
    expect(soon.body).toEqual(first.body)
    expect(soon.statements).toHaveLength(1)
    expect(await emailsTo(email)).toHaveLength(1)

    // Unconfirmed, after the window: the confirmation again, in the same one statement.
    await letSignupMailGo()
    const again = await signup('/waitlist', { email, name: 'Mallory', product: 'records' })
    expect(again.body).toEqual(first.body)
    expect(again.statements).toHaveLength(1)
    const mails = await emailsTo(email)
    expect(mails).toHaveLength(2)
    const [original, renewed] = mails as [Mail, Mail]
    expect(renewed.subject).toBe(original.subject)
    // The email a new signup gets (its links' tokens come from its Message-ID), as the template
    // writes it for the stored name and code.
    const expected = waitlistConfirmationEmail({
      confirmUrl: redactedWaitlistConfirmUrl(),
      statusUrl: redactedWaitlistStatusUrl(),
      referralUrl: referralUrl('records', entry!.code),
      productLabel: PRODUCT_LABELS.records,
      name,
      hours: env().EMAIL_CONFIRM_TTL_HOURS,
    })
    for (const mail of [original, renewed]) {
      expect(mail.message).toBe(expected.text)
      expect(mail.html).toBe(expected.html)
    }
    expect(renewed.html).toContain('<p>Dear Ana &lt;b&gt;&amp;&quot;Li&quot;&lt;/b&gt;,</p>')
    expect(renewed.message).not.toContain('Mallory')
    expect(renewed).toMatchObject({
      status: 'queued',
      entry: entry!.id,
      tags: ['double-opt-in', 'waitlist'],
    })
    expect(await jobsOf([renewed])).toBe(1)
    // The new links are the entry's; the first confirm link no longer works.
    expect(
      (
        await app.request('POST', '/waitlist/confirm', {
          body: { token: waitlistConfirmToken(original.messageId) },
          ip: randomIp(),
        })
      ).status,
    ).toBe(400)
    const confirmed = await app.request('POST', '/waitlist/confirm', {
      body: { token: waitlistConfirmToken(renewed.messageId) },
      ip: randomIp(),
    })
    expect(confirmed.status, confirmed.text).toBe(200)

    // Confirmed: exactly one "already on the list" email, queued by the one statement.
    await letSignupMailGo()
    const known = await signup('/waitlist', { email, name: 'Eve', product: 'records' })
    expect(known.body).toEqual(first.body)
    expect(known.statements).toHaveLength(1)
    const reminders = (await emailsTo(email)).slice(2)
    expect(reminders).toHaveLength(1)
    const reminder = reminders[0]!
    expect(reminder.subject).toBe("You're already on the Starfinity Records waitlist")
    const expectedReminder = waitlistAlreadyJoinedEmail({
      statusUrl: redactedWaitlistStatusUrl(),
      referralUrl: referralUrl('records', entry!.code),
      productLabel: PRODUCT_LABELS.records,
      name,
    })
    expect(reminder.message).toBe(expectedReminder.text)
    expect(reminder.html).toBe(expectedReminder.html)
    expect(reminder).toMatchObject({
      status: 'queued',
      entry: entry!.id,
      tags: ['waitlist', 'already-joined'],
    })
    expect(await jobsOf([reminder])).toBe(1)
    const [row] = (
      await app.payload.db.drizzle.execute(
        sql`SELECT status_token, confirmed_at IS NOT NULL AS confirmed FROM waitlist_entries WHERE id = ${entry!.id}`,
      )
    ).rows as { status_token: string; confirmed: boolean }[]
    expect(row).toEqual({
      status_token: hashToken(waitlistStatusToken(reminder.messageId)),
      confirmed: true,
    })
  })

  it('waitlist: a referral code an admin changed goes into the email as the link encodes it', async () => {
    const email = uniqueEmail('odd-code')
    expect((await signup('/waitlist', { email, name: 'Kai', product: 'studio' })).status).toBe(201)
    const code = 'Ä b/ü+€'
    await app.payload.db.drizzle.execute(
      sql`UPDATE waitlist_entries SET referral_code = ${code} WHERE email = ${email}`,
    )
    await letSignupMailGo()
    expect((await signup('/waitlist', { email, name: 'Kai', product: 'studio' })).status).toBe(201)
    const [, renewed] = await emailsTo(email)
    expect(renewed!.message).toContain(referralUrl('studio', code))
  })

  it('newsletter: new, known unconfirmed and known confirmed are one statement each; the stored address and name are used', async () => {
    const email = uniqueEmail('known-reader')
    const first = await signup('/newsletter', { email, firstName: 'Ana' })
    expect(first.status, first.text).toBe(201)
    expect(first.statements).toHaveLength(1)
    const consents = async () =>
      Number(
        (
          (
            await app.payload.db.drizzle.execute(
              sql`SELECT count(*)::int AS n FROM consents WHERE lower(email) = lower(${email}) AND consent_type = 'newsletter'`,
            )
          ).rows[0] as { n: number }
        ).n,
      )
    expect(await consents()).toBe(1)

    // Stored in other case (as an import may keep it), unconfirmed, after the window: the
    // confirmation again to the stored address, with the stored name, and this signup's consent.
    const stored = email.replace('known-reader', 'Known-Reader')
    await app.payload.db.drizzle.execute(
      sql`UPDATE newsletter_subscribers SET email = ${stored} WHERE email = ${email}`,
    )
    await letSignupMailGo()
    const again = await signup('/newsletter', { email, firstName: 'Eve' })
    expect(again.status).toBe(201)
    expect(again.statements).toHaveLength(1)
    expect(await consents()).toBe(2)
    const mails = await emailsTo(email)
    expect(mails).toHaveLength(2)
    const [original, renewed] = mails as [Mail, Mail]
    const expected = confirmationEmail(redactedConfirmUrl(), env().EMAIL_CONFIRM_TTL_HOURS, 'Ana')
    for (const mail of [original, renewed]) {
      expect(mail.message).toBe(expected.text)
      expect(mail.html).toBe(expected.html)
    }
    const [sent] = (
      await app.payload.db.drizzle.execute(
        sql`SELECT to_email AS "to" FROM email_logs WHERE message_id = ${renewed.messageId}`,
      )
    ).rows as { to: string }[]
    expect(sent!.to).toBe(stored)
    expect(await jobsOf([renewed])).toBe(1)

    // Confirmed: exactly one "already subscribed", no consent (nothing was asked of the person).
    await app.payload.db.drizzle.execute(
      sql`UPDATE newsletter_subscribers SET double_opt_in_confirmed = true, confirmed_at = now()
        WHERE email = ${stored}`,
    )
    await letSignupMailGo()
    const known = await signup('/newsletter', { email, firstName: 'Eve' })
    expect(known.body).toEqual(first.body)
    expect(known.statements).toHaveLength(1)
    expect(await consents()).toBe(2)
    const reminders = (await emailsTo(email)).slice(2)
    expect(reminders.map((mail) => mail.subject)).toEqual([
      "You're already subscribed to the Starfinity newsletter",
    ])
    expect(reminders[0]!.message).toBe(alreadySubscribedEmail('Ana').text)
    expect(reminders[0]!.html).toBe(alreadySubscribedEmail('Ana').html)
    expect(reminders[0]).toMatchObject({
      status: 'queued',
      entry: null,
      tags: ['double-opt-in', 'already-subscribed'],
    })
    expect(await jobsOf(reminders)).toBe(1)
  })

  it('concurrent signups of a new address make one row and one email; of a known one, one email', async () => {
    const email = uniqueEmail('crowd')
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0
          ? post('/waitlist', { email, name: 'Lee', product: 'records' })
          : post('/newsletter', { email }),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(201))
    const rows = async () =>
      (
        await app.payload.db.drizzle.execute(sql`
          SELECT (SELECT count(*)::int FROM waitlist_entries WHERE email = ${email}) AS waitlist,
            (SELECT count(*)::int FROM newsletter_subscribers WHERE email = ${email}) AS newsletter`)
      ).rows[0]
    expect(await rows()).toEqual({ waitlist: 1, newsletter: 1 })
    // Each new row's confirmation, and nothing more within the window.
    const first = await emailsTo(email)
    expect(first.map((mail) => mail.subject).sort()).toEqual([
      'Please confirm your Starfinity newsletter subscription',
      'Please confirm your place on the Starfinity Records waitlist',
    ])

    await letSignupMailGo()
    await Promise.all(
      Array.from({ length: 12 }, () =>
        post('/waitlist', { email, name: 'Lee', product: 'records' }),
      ),
    )
    expect(await rows()).toEqual({ waitlist: 1, newsletter: 1 })
    const later = (await emailsTo(email)).slice(first.length)
    expect(later).toHaveLength(1)
    expect(await jobsOf(later)).toBe(1)
  })
})
