import { sql } from '@payloadcms/db-postgres/drizzle'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { drainEmailQueue } from '@/jobs/queue'
import { unsubscribeTokenFor } from '@/services/email/unsubscribe-links'
import { queueEmail } from '@/services/email/queue'

import { randomIp, startApp, type TestApp, uniqueEmail } from '../helpers/app'
import { runOtherQueueProcess } from '../helpers/other-queue-process'
import { LoopbackSmtp, type Received, rawHeader } from '../helpers/smtp'

const port = await vi.hoisted(async () => {
  const { configureLoopbackSmtp } = await import('../helpers/smtp')
  const chosen = configureLoopbackSmtp()
  process.env.SERVER_URL = 'https://starfinity.example'
  process.env.EMAIL_CONFIRM_RESEND_MINUTES = '0'
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

const drain = () => drainEmailQueue(app.payload)

/** Another app process on the same database works the queue until nothing is due. */
const drainInAnotherProcess = () => runOtherQueueProcess().done

const confirmToken = (mail: Received) => {
  const match = /https:\/\/starfinity\.example\/newsletter\/confirm\?token=([\w-]+)/.exec(
    mail.parsed.text ?? '',
  )
  expect(match, mail.parsed.text).not.toBeNull()
  return match![1]
}

/** Every column of every email-log row to this address (tags included), as text. */
const storedLogs = async (email: string) => {
  const rows = await app.payload.db.drizzle.execute(sql`
    SELECT row_to_json(e)::text AS row FROM email_logs e WHERE lower(e.to_email) = lower(${email})`)
  return (rows.rows as { row: string }[]).map((r) => r.row).join('\n')
}

/** What the queue keeps about jobs (input, log, errors), as text. */
const storedJobs = async () => {
  const rows = await app.payload.db.drizzle.execute(
    sql`SELECT coalesce(json_agg(j)::text, '') AS jobs FROM payload_jobs j`,
  )
  return (rows.rows[0] as { jobs: string }).jobs
}

describe('no working token is stored in email logs', () => {
  it('after a signup no email-log column holds the token; the delivered mail has a working link', async () => {
    const email = uniqueEmail('secret')
    const res = await app.request('POST', '/newsletter', {
      body: { email, firstName: 'Nia' },
      ip: randomIp(),
    })
    expect(res.status, res.text).toBe(201)
    const queued = await storedLogs(email)
    expect(queued).toContain('/newsletter/confirm?token=[redacted]')
    await drain()

    const [mail] = smtp.to(email)
    const token = confirmToken(mail)
    expect(mail.parsed.html).toContain(`/newsletter/confirm?token=${token}`)
    expect(mail.parsed.html).not.toContain('[redacted]')

    const logs = await storedLogs(email)
    expect(logs).toContain('"status":"sent"')
    expect(logs).not.toContain(token)
    expect(logs).toContain('/newsletter/confirm?token=[redacted]')
    expect(await storedJobs()).not.toContain(token)

    // What the Email Manager shows: the redacted copy.
    const admin = await app.createUser('secrets-admin', 'full')
    const listed = await app.request('GET', `/admin/emails?search=${encodeURIComponent(email)}`, {
      token: admin,
    })
    expect(listed.status).toBe(200)
    expect(JSON.stringify(listed.body)).toContain('[redacted]')
    expect(JSON.stringify(listed.body)).not.toContain(token)

    const confirmed = await app.request('POST', '/newsletter/confirm', { body: { token } })
    expect(confirmed.status, confirmed.text).toBe(200)
    // The stored link, as anyone reading the log sees it, confirms nothing.
    const redacted = await app.request('POST', '/newsletter/confirm', {
      body: { token: '[redacted]' },
    })
    expect(redacted.status).toBe(400)
  })

  it('a confirmation sent by another app process carries a working link', async () => {
    const email = uniqueEmail('secret-other')
    expect(
      (await app.request('POST', '/newsletter', { body: { email }, ip: randomIp() })).status,
    ).toBe(201)
    await drainInAnotherProcess()
    const token = confirmToken(smtp.to(email)[0])
    expect(await storedLogs(email)).not.toContain(token)
    const confirmed = await app.request('POST', '/newsletter/confirm', { body: { token } })
    expect(confirmed.status, confirmed.text).toBe(200)
  })

  it('a resent confirmation gets a new token; only the newest works', async () => {
    const email = uniqueEmail('secret-resend')
    await app.request('POST', '/newsletter', { body: { email }, ip: randomIp() })
    await drain()
    await app.request('POST', '/newsletter', { body: { email }, ip: randomIp() })
    await drain()
    const [first, second] = smtp.to(email).map(confirmToken)
    expect(first).not.toBe(second)
    const stored = await storedLogs(email)
    for (const token of [first, second]) expect(stored).not.toContain(token)
    expect(
      (await app.request('POST', '/newsletter/confirm', { body: { token: first } })).status,
    ).toBe(400)
    expect(
      (await app.request('POST', '/newsletter/confirm', { body: { token: second } })).status,
    ).toBe(200)
  })

  it('bulk mail: the List-Unsubscribe token is sent, never stored in the log', async () => {
    const email = uniqueEmail('secret-bulk')
    await app.payload.create({
      collection: 'newsletter-subscribers',
      data: {
        email,
        doubleOptInConfirmed: true,
        emailPreferences: ['newsletter'],
        subscribedAt: new Date().toISOString(),
      },
    })
    await queueEmail(app.payload, {
      to: email,
      subject: 'News',
      text: 'News from the universe.',
      emailType: 'newsletter',
      isBulk: true,
    })
    await drain()
    const token = await unsubscribeTokenFor(app.payload, email)
    expect(rawHeader(smtp.to(email)[0], 'List-Unsubscribe')).toContain(token)
    expect(await storedLogs(email)).not.toContain(token)
  })
})
