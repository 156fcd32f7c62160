import type { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'
import { sql } from '@payloadcms/db-postgres/drizzle'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { runEmailQueue } from '@/jobs/queue'
import * as emailEventsMigration from '@/migrations/20261125_141025_email_events_visitor'
import { advanceSequences } from '@/services/email/sequences'
import { queueEmail } from '@/services/email/queue'

import { randomIp, startApp, type TestApp, uniqueEmail } from '../helpers/app'
import { LoopbackSmtp, type Received, rawHeader } from '../helpers/smtp'

const port = await vi.hoisted(async () => {
  const { configureLoopbackSmtp } = await import('../helpers/smtp')
  const chosen = configureLoopbackSmtp()
  process.env.EMAIL_FROM = 'Starfinity <hello@starfinity.example>'
  process.env.SERVER_URL = 'https://starfinity.example'
  process.env.EMAIL_CONFIRM_RESEND_MINUTES = '5'
  // Switched on here (off by default: see email-delivery.test.ts).
  process.env.EMAIL_TRACKING = 'on'
  return chosen
})

let app: TestApp
const smtp = new LoopbackSmtp(port)

beforeAll(async () => {
  await smtp.start()
  app = await startApp()
})
afterAll(async () => {
  await app?.close()
  await smtp.stop()
})

const drain = async () => {
  while ((await runEmailQueue(app.payload)) > 0);
}

// A fresh client address per signup: the per-IP rate limit is not under test here.
const signup = (email: string, ip = randomIp()) =>
  app.request('POST', '/newsletter', { body: { email, firstName: 'Nia' }, ip })

const confirmLink = (mail: Received) => {
  const match = /https:\/\/starfinity\.example\/newsletter\/confirm\?token=([\w-]+)/.exec(
    mail.parsed.text ?? '',
  )
  expect(match).not.toBeNull()
  return { url: match![0], token: match![1] }
}

const subscriberRow = async (email: string) =>
  (
    await app.payload.find({
      collection: 'newsletter-subscribers',
      where: { email: { equals: email } },
      depth: 0,
    })
  ).docs[0]

const form = (fields: Record<string, string>) => ({
  rawBody: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
})

const newsletterTo = async (email: string) =>
  queueEmail(app.payload, {
    to: email,
    subject: 'Starfinity news',
    text: 'News from the universe.',
    html: '<p>News from the universe.</p>',
    emailType: 'newsletter',
    isBulk: true,
  })

describe('newsletter double opt-in', () => {
  it('signup sends a confirmation with headers and both parts; the stored token is a hash', async () => {
    const email = uniqueEmail('optin')
    const res = await signup(email, '198.51.100.7')
    expect(res.status, res.text).toBe(201)
    expect(res.body.message).toBe('Successfully subscribed!')
    await drain()
    const [mail] = smtp.to(email)
    expect(smtp.to(email)).toHaveLength(1)
    expect(mail.parsed.from?.value).toEqual([
      { name: 'Starfinity', address: 'hello@starfinity.example' },
    ])
    expect(mail.parsed.to && 'value' in mail.parsed.to && mail.parsed.to.value).toEqual([
      { name: '', address: email },
    ])
    expect(mail.parsed.date).toBeInstanceOf(Date)
    expect(mail.parsed.messageId).toMatch(/^<[\w-]+@starfinity\.example>$/)
    expect(mail.parsed.subject).toBe('Please confirm your Starfinity newsletter subscription')
    expect(mail.parsed.text).toContain('Dear Nia,')
    expect(mail.parsed.html).toContain('/newsletter/confirm?token=')
    expect(rawHeader(mail, 'List-Unsubscribe')).toBeUndefined()

    const { token } = confirmLink(mail)
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16)
    const row = await subscriberRow(email)
    expect(row.doubleOptInConfirmed).toBe(false)
    expect(row.doubleOptInToken).toMatch(/^[0-9a-f]{64}$/)
    expect(row.doubleOptInToken).not.toContain(token)
    const hours = (new Date(row.doubleOptInExpires!).getTime() - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(47.9)
    expect(hours).toBeLessThanOrEqual(48)
    const consents = await app.payload.find({
      collection: 'consents',
      where: { email: { equals: email } },
    })
    expect(consents.docs).toHaveLength(1)
    expect(consents.docs[0]).toMatchObject({ ipAddress: '198.51.100.7', source: 'website' })
    expect((consents.docs[0].metadata as { text: string }).text).toMatch(/newsletter/)
  })

  it('a GET of the link confirms nothing; the page POST confirms; the token works once', async () => {
    const email = uniqueEmail('confirm')
    await signup(email)
    await drain()
    const { token } = confirmLink(smtp.to(email)[0])

    const get = await app.request('GET', `/newsletter/confirm?token=${token}`)
    expect(get.status).not.toBe(200)
    expect((await subscriberRow(email)).doubleOptInConfirmed).toBe(false)

    const post = await app.request('POST', '/newsletter/confirm', {
      ...form({ token }),
      ip: '198.51.100.9',
    })
    expect(post.status).toBe(303)
    expect(post.headers.get('location')).toBe(
      'https://starfinity.example/newsletter/confirm?status=confirmed',
    )
    const row = await subscriberRow(email)
    expect(row.doubleOptInConfirmed).toBe(true)
    expect(row.confirmedAt).toBeTruthy()
    const consents = await app.payload.find({
      collection: 'consents',
      where: { email: { equals: email } },
      sort: 'createdAt',
    })
    expect(consents.docs.map((c) => c.source)).toEqual(['website', 'double-opt-in'])
    expect(consents.docs[1].ipAddress).toBe('198.51.100.9')

    const reused = await app.request('POST', '/newsletter/confirm', { body: { token } })
    expect(reused.status).toBe(400)
    expect(reused.body.errors.token).toMatch(/invalid, has already been used or has expired/)

    // Confirmed: signing up again is answered as a new signup; the email says so (decision 0163).
    const again = await signup(email)
    expect(again.status).toBe(201)
    expect(again.body.message).toBe('Successfully subscribed!')
  })

  it('an expired token is refused', async () => {
    const email = uniqueEmail('expired')
    await signup(email)
    await drain()
    const { token } = confirmLink(smtp.to(email)[0])
    await app.payload.db.drizzle.execute(
      sql`UPDATE newsletter_subscribers SET double_opt_in_expires = now() - interval '1 minute' WHERE email = ${email}`,
    )
    const res = await app.request('POST', '/newsletter/confirm', { body: { token } })
    expect(res.status).toBe(400)
    expect((await subscriberRow(email)).doubleOptInConfirmed).toBe(false)
  })

  it('signing up again resends at most once per throttle window, even under concurrent posts', async () => {
    const email = uniqueEmail('resend')
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => signup(email)))).map(
      (r) => r.status,
    )
    expect(statuses.every((s) => s === 201)).toBe(true)
    await drain()
    expect(smtp.to(email)).toHaveLength(1)
    expect((await signup(email)).status).toBe(201)
    await drain()
    expect(smtp.to(email)).toHaveLength(1)
    // After the window a new link goes out, and the old one no longer works.
    const first = confirmLink(smtp.to(email)[0]).token
    // (The window is the address's, shared by every signup form: services/shared/signup-mail.ts.)
    await app.payload.db.drizzle.execute(
      sql`UPDATE rate_limits SET window_start = now() - interval '6 minutes' WHERE key LIKE 'signup-mail:%'`,
    )
    expect((await signup(email)).status).toBe(201)
    await drain()
    expect(smtp.to(email)).toHaveLength(2)
    const second = confirmLink(smtp.to(email)[1]).token
    expect(second).not.toBe(first)
    expect(
      (await app.request('POST', '/newsletter/confirm', { body: { token: first } })).status,
    ).toBe(400)
    expect(
      (await app.request('POST', '/newsletter/confirm', { body: { token: second } })).status,
    ).toBe(200)
  })

  it('no newsletter reaches an unconfirmed or suppressed address', async () => {
    const unconfirmed = uniqueEmail('unconfirmed')
    await signup(unconfirmed)
    const skipped = await newsletterTo(unconfirmed)
    expect(skipped).toMatchObject({
      status: 'skipped',
      reason: 'not a confirmed newsletter subscriber',
    })
    await drain()
    expect(smtp.to(unconfirmed).map((m) => m.parsed.subject)).toEqual([
      'Please confirm your Starfinity newsletter subscription',
    ])
  })
})

describe('unsubscribe and preferences', () => {
  const confirmedSubscriber = async () => {
    const email = uniqueEmail('reader')
    await signup(email)
    await drain()
    const { token } = confirmLink(smtp.to(email)[0])
    expect((await app.request('POST', '/newsletter/confirm', { body: { token } })).status).toBe(200)
    return email
  }

  const listUnsubscribe = (mail: Received) => {
    const header = rawHeader(mail, 'List-Unsubscribe') ?? ''
    const https = /<(https:\/\/[^>]+)>/.exec(header)?.[1]
    const mailto = /<(mailto:[^>]+)>/.exec(header)?.[1]
    return { https, mailto }
  }

  it('a newsletter carries List-Unsubscribe (https + mailto) and List-Unsubscribe-Post; one-click POST unsubscribes', async () => {
    const email = await confirmedSubscriber()
    expect((await newsletterTo(email)).status).toBe('queued')
    await drain()
    const mail = smtp.to(email).find((m) => m.parsed.subject === 'Starfinity news')!
    expect(mail).toBeTruthy()
    expect(rawHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    const { https, mailto } = listUnsubscribe(mail)
    expect(https).toMatch(/^https:\/\/starfinity\.example\/api\/email\/unsubscribe\?token=[\w-]+$/)
    expect(mailto).toMatch(/^mailto:unsubscribe@starfinity\.example\?subject=/)

    // RFC 8058: a POST with List-Unsubscribe=One-Click, no cookie, no login.
    const path = https!.replace('https://starfinity.example/api', '')
    const res = await app.request('POST', path, form({ 'List-Unsubscribe': 'One-Click' }))
    expect(res.status).toBe(303)
    const prefs = await app.payload.find({
      collection: 'email-preferences',
      where: { email: { equals: email } },
    })
    expect(prefs.docs[0]).toMatchObject({ newsletterEnabled: false, updatesEnabled: false })
    expect((await subscriberRow(email)).emailPreferences).not.toContain('newsletter')

    const after = await newsletterTo(email)
    expect(after.status).toBe('skipped')
    await drain()
    expect(smtp.to(email).filter((m) => m.parsed.subject === 'Starfinity news')).toHaveLength(1)
  })

  it('GET of the unsubscribe URL changes nothing and leads to the preferences page', async () => {
    const email = await confirmedSubscriber()
    await newsletterTo(email)
    await drain()
    const { https } = listUnsubscribe(
      smtp.to(email).find((m) => m.parsed.subject === 'Starfinity news')!,
    )
    const token = new URL(https!).searchParams.get('token')!
    const res = await app.request('GET', `/email/unsubscribe?token=${token}`)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(
      `https://starfinity.example/email/preferences?token=${token}`,
    )
    expect((await subscriberRow(email)).emailPreferences).toContain('newsletter')
  })

  it('the preferences form changes preferences at once', async () => {
    const email = await confirmedSubscriber()
    await newsletterTo(email)
    await drain()
    const { https } = listUnsubscribe(
      smtp.to(email).find((m) => m.parsed.subject === 'Starfinity news')!,
    )
    const token = new URL(https!).searchParams.get('token')!
    const read = await app.request('GET', `/email/preferences?token=${token}`)
    expect(read.body.data).toEqual({
      email,
      newsletterEnabled: true,
      promotionsEnabled: true,
      updatesEnabled: true,
      weeklyDigestEnabled: true,
      frequency: 'weekly',
    })
    // Only the boxes left ticked are sent by a form.
    const saved = await app.request(
      'POST',
      '/email/preferences',
      form({ token, updatesEnabled: 'on', weeklyDigestEnabled: 'on', frequency: 'monthly' }),
    )
    expect(saved.status).toBe(303)
    expect(saved.headers.get('location')).toContain('status=saved')
    const now = await app.request('GET', `/email/preferences?token=${token}`)
    expect(now.body.data).toMatchObject({
      newsletterEnabled: false,
      promotionsEnabled: false,
      updatesEnabled: true,
      weeklyDigestEnabled: true,
      frequency: 'monthly',
    })
    expect((await newsletterTo(email)).status).toBe('skipped')

    const back = await app.request('POST', '/email/preferences', {
      body: {
        token,
        newsletterEnabled: true,
        promotionsEnabled: false,
        updatesEnabled: true,
        weeklyDigestEnabled: true,
        frequency: 'weekly',
      },
    })
    expect(back.status).toBe(200)
    expect((await newsletterTo(email)).status).toBe('queued')

    const bad = await app.request('POST', '/email/preferences', {
      body: { token, newsletterEnabled: 'yes', frequency: 'hourly' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.frequency).toBe('Choose daily, weekly or monthly')
    const unknown = await app.request('GET', '/email/preferences?token=not-a-real-token-at-all')
    expect(unknown.status).toBe(404)
  })

  it('confirmation enrols in the default welcome sequence, created once', async () => {
    const email = await confirmedSubscriber()
    const sequences = await app.payload.find({
      collection: 'email-sequences',
      where: { category: { equals: 'welcome' } },
    })
    expect(sequences.docs.map((s) => s.name)).toEqual(['Welcome to the Starfinity Universe'])
    const enrollment = await app.payload.find({
      collection: 'sequence-enrollments',
      where: { email: { equals: email } },
      depth: 0,
    })
    expect(enrollment.docs[0]).toMatchObject({ sequence: sequences.docs[0].id, status: 'active' })
    await advanceSequences(app.payload)
    await drain()
    const first = smtp
      .to(email)
      .find((m) => m.parsed.subject === 'Welcome to the Starfinity Universe!')
    expect(first?.parsed.text).toContain('Thank you for confirming your subscription.')
    expect(first?.parsed.text).toContain('With cosmic love,')
  })

  it('confirmed subscribers enter the welcome sequence; unsubscribing stops it', async () => {
    // This test's own two-step sequence replaces the default one.
    await app.payload.db.drizzle.execute(
      sql`UPDATE email_sequences SET is_active = false WHERE category = 'welcome'`,
    )
    const sequence = await app.payload.create({
      collection: 'email-sequences',
      data: { name: `Welcome ${Date.now()}`, category: 'welcome', isActive: true },
    })
    for (const [stepOrder, delayHours] of [
      [1, 0],
      [2, 24],
    ])
      await app.payload.create({
        collection: 'email-templates',
        data: {
          sequence: sequence.id,
          name: `Step ${stepOrder}`,
          subject: `Welcome step ${stepOrder}`,
          htmlContent: `<p>Step ${stepOrder} of your journey.</p>`,
          delayHours,
          stepOrder,
        },
      })
    const email = await confirmedSubscriber()
    const enrollment = async () =>
      (
        await app.payload.find({
          collection: 'sequence-enrollments',
          where: { email: { equals: email } },
          depth: 0,
        })
      ).docs[0]
    expect(await enrollment()).toMatchObject({ currentStep: 0, status: 'active' })
    await advanceSequences(app.payload)
    await drain()
    const step1 = smtp.to(email).find((m) => m.parsed.subject === 'Welcome step 1')
    expect(step1?.parsed.text).toContain('Step 1 of your journey.')
    expect(rawHeader(step1!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    const afterFirst = await enrollment()
    expect(afterFirst.currentStep).toBe(1)
    expect(new Date(afterFirst.nextEmailAt!).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000)

    // Unsubscribe, then make step 2 due: it is not sent and the enrollment stops.
    const { https } = listUnsubscribe(step1!)
    await app.request(
      'POST',
      https!.replace('https://starfinity.example/api', ''),
      form({ 'List-Unsubscribe': 'One-Click' }),
    )
    expect((await enrollment()).status).toBe('stopped')
    // Due a minute ago: the column keeps milliseconds, so a plain now() may be stored rounded up
    // past the now() of the next statement, and the step would not be due yet.
    await app.payload.db.drizzle.execute(
      sql`UPDATE sequence_enrollments SET status = 'active', next_email_at = now() - interval '1 minute'
        WHERE email = ${email}`,
    )
    await advanceSequences(app.payload)
    await drain()
    expect(smtp.to(email).find((m) => m.parsed.subject === 'Welcome step 2')).toBeUndefined()
    expect((await enrollment()).status).toBe('stopped')
  })

  it('with tracking on, a bulk email carries a signed open pixel and signed click links', async () => {
    const email = await confirmedSubscriber()
    const { id } = await queueEmail(app.payload, {
      to: email,
      subject: 'Tracked news',
      text: 'Read more at https://starfinity.example/books',
      html: '<p>Read <a href="https://starfinity.example/books?a=1&amp;b=2">more</a></p>',
      emailType: 'newsletter',
      isBulk: true,
    })
    await drain()
    const mail = smtp.to(email).find((m) => m.parsed.subject === 'Tracked news')!
    const html = String(mail.parsed.html)
    const open = /src="https:\/\/starfinity\.example\/api(\/email\/open\?[^"]+)"/.exec(html)![1]
    const click = /href="https:\/\/starfinity\.example\/api(\/email\/click\?[^"]+)"/.exec(html)![1]
    // The reader's phone and address: what is stored of them is browser, OS and device type and
    // a hash, never the User-Agent string or the IP (decision 0111).
    const reader = {
      ip: randomIp(),
      headers: {
        'User-Agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      },
    }
    const pixel = await app.request('GET', open.replace(/&amp;/g, '&'), reader)
    expect(pixel.status).toBe(200)
    expect(pixel.headers.get('content-type')).toBe('image/gif')
    const followed = await app.request('GET', click.replace(/&amp;/g, '&'), reader)
    expect(followed.status).toBe(302)
    expect(followed.headers.get('location')).toBe('https://starfinity.example/books?a=1&b=2')
    const events = await app.payload.find({
      collection: 'email-events',
      where: { email: { equals: email }, eventType: { in: ['open', 'click'] } },
    })
    expect(events.docs.map((e) => e.eventType).sort()).toEqual(['click', 'open'])
    for (const event of events.docs) {
      expect(event).toMatchObject({ browser: 'Mobile Safari', os: 'iOS', deviceType: 'mobile' })
      expect(event.ipHash).toMatch(/^[\w-]{22}$/)
    }
    const stored = await app.payload.db.drizzle.execute(
      sql`SELECT row_to_json(e)::text AS row FROM email_events e WHERE email = ${email}
        AND event_type IN ('open', 'click')`,
    )
    expect(stored.rows).toHaveLength(2)
    for (const { row } of stored.rows as { row: string }[]) {
      expect(row).not.toContain('iPhone OS 17_4')
      expect(row).not.toContain(reader.ip)
      expect(Object.keys(JSON.parse(row))).not.toContain('user_agent')
      expect(Object.keys(JSON.parse(row))).not.toContain('ip_address')
    }
    expect((await app.payload.findByID({ collection: 'email-logs', id })).emailOpened).toBe(true)
    // Another target with the same signature is refused: no open redirect.
    const forged = click
      .replace(/&amp;/g, '&')
      .replace(/url=[^&]+/, 'url=https%3A%2F%2Fevil.example%2F')
    expect((await app.request('GET', forged)).status).toBe(400)
  })

  it('the migration converts stored opens and clicks: browser kept, User-Agent and IP gone', async () => {
    const db = app.payload.db.drizzle
    const args = { db, payload: app.payload, req: {} } as unknown as MigrateDownArgs & MigrateUpArgs
    await emailEventsMigration.down(args)
    const email = uniqueEmail('migrated')
    await db.execute(sql`
      INSERT INTO email_events (email, event_type, user_agent, ip_address)
      VALUES (${email}, 'open', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0', '203.0.113.7'),
             (${email}, 'bounce', NULL, NULL)`)
    await emailEventsMigration.up(args)
    expect(
      await db.execute(sql`SELECT event_type, browser, os, device_type, ip_hash FROM email_events
        WHERE email = ${email} ORDER BY event_type`),
    ).toMatchObject({
      rows: [
        { event_type: 'bounce', browser: null, os: null, device_type: null, ip_hash: null },
        {
          event_type: 'open',
          browser: 'Firefox',
          os: 'Windows',
          device_type: 'desktop',
          ip_hash: null,
        },
      ],
    })
    const columns = await db.execute(sql`SELECT column_name FROM information_schema.columns
      WHERE table_name = 'email_events' AND column_name IN ('user_agent', 'ip_address')`)
    expect(columns.rows).toEqual([])
  })
})
