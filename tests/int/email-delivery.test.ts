import { sql } from '@payloadcms/db-postgres/drizzle'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { deliverEmail } from '@/services/email/deliver'
import { runEmailQueue } from '@/jobs/queue'
import { queueEmail } from '@/services/email/queue'

import { startApp, type TestApp, uniqueEmail } from '../helpers/app'
import { runOtherQueueProcess } from '../helpers/other-queue-process'
import { LoopbackSmtp, rawHeader } from '../helpers/smtp'

const port = await vi.hoisted(async () => {
  const { configureLoopbackSmtp } = await import('../helpers/smtp')
  const chosen = configureLoopbackSmtp()
  // A retry waits a minute: longer than any run of this file, so a retry comes only when a test
  // moves its time.
  process.env.EMAIL_RETRY_BASE_MS = '60000'
  process.env.EMAIL_FROM = 'Starfinity <hello@starfinity.example>'
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

const runQueue = () => runEmailQueue(app.payload)

/** Another app process on the same database works the queue until nothing is due; jobs it ran. */
const drainInAnotherProcess = () => runOtherQueueProcess().done

/** Whether the sendEmail job of a log row waits for a later time; null when there is no job. */
const jobWaits = async (logId: number) => {
  const { rows } = await app.payload.db.drizzle.execute(sql`
    SELECT wait_until > now() AS waits FROM payload_jobs
    WHERE task_slug = 'sendEmail' AND (input->>'logId')::int = ${logId}`)
  return rows.length ? Boolean((rows[0] as { waits: boolean }).waits) : null
}

const logOf = (id: number) => app.payload.findByID({ collection: 'email-logs', id, depth: 0 })

describe('email delivery over SMTP', () => {
  it('a queued reply is delivered once with From, To, Date, Message-ID and both parts', async () => {
    const to = uniqueEmail('reply')
    const queued = await queueEmail(app.payload, {
      to,
      subject: 'Thank you for writing',
      text: 'Hello there,\n\nThanks for your note.',
      html: '<p>Hello there,</p><p>Thanks for your note.</p>',
      emailType: 'reply',
      signOff: true,
    })
    expect(queued.status).toBe('queued')
    const before = await logOf(queued.id)
    expect(before.status).toBe('queued')
    // The log stores the bare sender address (the email field accepts nothing else).
    expect(before.fromEmail).toBe('hello@starfinity.example')
    expect(smtp.to(to)).toHaveLength(0)

    await runQueue()
    const [mail] = smtp.to(to)
    expect(smtp.to(to)).toHaveLength(1)
    expect(mail.parsed.from?.value[0]).toEqual({
      address: 'hello@starfinity.example',
      name: 'Starfinity',
    })
    expect(mail.parsed.to && 'value' in mail.parsed.to && mail.parsed.to.value[0].address).toBe(to)
    expect(mail.parsed.date).toBeInstanceOf(Date)
    expect(mail.parsed.subject).toBe('Thank you for writing')
    expect(mail.parsed.text).toContain('Thanks for your note.')
    expect(mail.parsed.text).toContain('With cosmic love,')
    expect(mail.parsed.html).toContain('<p>Thanks for your note.</p>')
    // Replies are transactional: no unsubscribe header.
    expect(rawHeader(mail, 'List-Unsubscribe')).toBeUndefined()

    const after = await logOf(queued.id)
    expect(after.status).toBe('sent')
    expect(mail.parsed.messageId).toBe(after.messageId)
    expect(after.providerMessageId).toMatch(/^Q\d+$/)
    // Real SMTP: the raw message is not kept.
    expect(after.rawMessage ?? null).toBeNull()

    await runQueue()
    expect(smtp.to(to)).toHaveLength(1)
  })

  it('two runners claiming the same message deliver it once', async () => {
    const to = uniqueEmail('race')
    const { id } = await queueEmail(app.payload, {
      to,
      subject: 'Once only',
      text: 'Exactly once.',
      emailType: 'reply',
    })
    const outcomes = await Promise.all([
      deliverEmail(app.payload, id),
      deliverEmail(app.payload, id),
      deliverEmail(app.payload, id),
    ])
    expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(1)
    expect(outcomes.filter((outcome) => outcome === 'not-claimed')).toHaveLength(2)
    await runQueue()
    expect(smtp.to(to)).toHaveLength(1)
    // A text-only message still goes out with both parts.
    expect(smtp.to(to)[0].parsed.text?.trim()).toBe('Exactly once.')
    expect(smtp.to(to)[0].parsed.html).toContain('<p>Exactly once.</p>')
  })

  it('many messages worked by two app processes at once each arrive exactly once', async () => {
    const before = smtp.received.length
    const sentBefore = Number(
      (
        (
          await app.payload.db.drizzle.execute(
            sql`SELECT count(*) AS n FROM email_logs WHERE status = 'sent'`,
          )
        ).rows[0] as { n: string }
      ).n,
    )
    const recipients = Array.from({ length: 60 }, (_, i) => uniqueEmail(`bulk${i}`))
    // The other process is up and polling before the mail is queued, so both runners race for it.
    const other = runOtherQueueProcess({ DRAIN_UNTIL_SENT: String(sentBefore + recipients.length) })
    await other.ready
    for (const to of recipients)
      await queueEmail(app.payload, { to, subject: 'Hi', text: 'Hello', emailType: 'reply' })
    let ranHere = 0
    while (smtp.received.length < before + recipients.length) {
      ranHere += await runQueue()
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    const ranThere = await other.done
    for (const to of recipients) expect(smtp.to(to)).toHaveLength(1)
    expect(smtp.received.length).toBe(before + recipients.length)
    // Both processes did part of the work.
    expect(ranHere).toBeGreaterThan(0)
    expect(ranThere).toBeGreaterThan(0)
  })

  it('SMTP down: the send is retried with backoff and delivered once after it comes back', async () => {
    await smtp.stop()
    const to = uniqueEmail('outage')
    const { id } = await queueEmail(app.payload, {
      to,
      subject: 'Through the outage',
      text: 'Still here.',
      emailType: 'reply',
    })
    await runQueue()
    const failed = await logOf(id)
    expect(failed.status).toBe('queued')
    expect(failed.attempts).toBe(1)
    expect(failed.lastError).toBeTruthy()
    expect(failed.claimedAt ?? null).toBeNull()
    // Backoff: the job waits for a later time; run at once again, it is not yet due.
    expect(await jobWaits(id)).toBe(true)
    await runQueue()
    expect((await logOf(id)).attempts).toBe(1)

    await smtp.start()
    // Its time comes (moved here, not waited for).
    await app.payload.db.drizzle.execute(sql`
      UPDATE payload_jobs SET wait_until = now()
      WHERE task_slug = 'sendEmail' AND (input->>'logId')::int = ${id}`)
    await runQueue()
    expect(smtp.to(to)).toHaveLength(1)
    const sent = await logOf(id)
    expect(sent.status).toBe('sent')
    expect(sent.attempts).toBe(2)
    // Delivered: its job is done and gone, so no later run sends it again.
    expect(await jobWaits(id)).toBeNull()
    await runQueue()
    expect(smtp.to(to)).toHaveLength(1)
  })

  it('a suppressed address gets a skipped log row with the reason and no mail', async () => {
    const to = uniqueEmail('suppressed')
    await app.payload.create({
      collection: 'email-suppressions',
      data: { email: to, suppressionType: 'hard_bounce' },
    })
    const queued = await queueEmail(app.payload, {
      to,
      subject: 'Nope',
      text: 'Never arrives',
      emailType: 'reply',
    })
    expect(queued).toMatchObject({ status: 'skipped', reason: 'suppressed' })
    await runQueue()
    expect(smtp.to(to)).toHaveLength(0)
    expect((await logOf(queued.id)).skipReason).toBe('suppressed')
  })

  it('suppression between queueing and sending still stops the message', async () => {
    const to = uniqueEmail('late-suppressed')
    const { id } = await queueEmail(app.payload, {
      to,
      subject: 'Late',
      text: 'Stopped in time',
      emailType: 'reply',
    })
    await app.payload.db.drizzle.execute(
      sql`INSERT INTO email_suppressions (email, suppression_type, is_active, updated_at, created_at) VALUES (${to}, 'complaint', true, now(), now())`,
    )
    await runQueue()
    expect(smtp.to(to)).toHaveLength(0)
    expect(await logOf(id)).toMatchObject({ status: 'skipped', skipReason: 'suppressed' })
  })

  it('preferences changed between queueing and sending apply to the mail they concern, in one batch', async () => {
    const reader = uniqueEmail('late-optout')
    await app.payload.db.drizzle.execute(sql`
      INSERT INTO newsletter_subscribers (email, subscribed_at, double_opt_in_confirmed, unsubscribe_token)
      VALUES (${reader}, now(), true, ${`token-${reader}`})`)
    const queue = (emailType: 'newsletter' | 'broadcast' | 'reply', isBulk: boolean) =>
      queueEmail(app.payload, { to: reader, subject: emailType, text: 'Hi', emailType, isBulk })
    const newsletter = await queue('newsletter', true)
    const broadcast = await queue('broadcast', true)
    const reply = await queue('reply', false)
    expect([newsletter, broadcast, reply].map((queued) => queued.status)).toEqual([
      'queued',
      'queued',
      'queued',
    ])
    // The reader turns both kinds of bulk mail off after they were queued.
    await app.payload.db.drizzle.execute(sql`
      INSERT INTO email_preferences (email, unsubscribe_token, newsletter_enabled, updates_enabled)
      VALUES (${reader}, ${`pref-${reader}`}, false, false)`)
    await runQueue()
    expect(await logOf(newsletter.id)).toMatchObject({
      status: 'skipped',
      skipReason: 'newsletter turned off in preferences',
    })
    expect(await logOf(broadcast.id)).toMatchObject({
      status: 'skipped',
      skipReason: 'updates turned off in preferences',
    })
    // A reply is mail the person asked for: the bulk preferences do not stop it.
    expect(await logOf(reply.id)).toMatchObject({ status: 'sent' })
    expect(smtp.to(reader).map((mail) => mail.parsed.subject)).toEqual(['reply'])
  })

  it('nothing is lost across a restart: another process delivers queued and half-sent mail once', async () => {
    const recipients = Array.from({ length: 3 }, (_, i) => uniqueEmail(`restart${i}`))
    const ids: number[] = []
    for (const to of recipients)
      ids.push(
        (await queueEmail(app.payload, { to, subject: 'Queued', text: 'Hi', emailType: 'reply' }))
          .id,
      )
    // The first one was being sent by an instance that died: its claim and its job are stale.
    await app.payload.db.drizzle.execute(sql`
      UPDATE email_logs SET claimed_at = now() - interval '20 minutes', attempts = 1 WHERE id = ${ids[0]}`)
    await app.payload.db.drizzle.execute(sql`
      UPDATE payload_jobs SET processing = true, queue = 'email:dead-instance',
        updated_at = now() - interval '20 minutes'
      WHERE (input->>'logId')::int = ${ids[0]}`)

    // A fresh app process on the same database (this one never works the queue again).
    expect(await drainInAnotherProcess()).toBeGreaterThanOrEqual(3)
    for (const to of recipients) expect(smtp.to(to)).toHaveLength(1)
    for (const id of ids) expect((await logOf(id)).status).toBe('sent')
    await runQueue()
    for (const to of recipients) expect(smtp.to(to)).toHaveLength(1)
  })

  it('open and click tracking are off by default', async () => {
    const to = uniqueEmail('untracked')
    await queueEmail(app.payload, {
      to,
      subject: 'Untracked',
      text: 'See https://starfinity.example/',
      html: '<p>See <a href="https://starfinity.example/">the site</a></p>',
      emailType: 'broadcast',
      isBulk: true,
    })
    await runQueue()
    const [mail] = smtp.to(to)
    expect(mail.parsed.html).toContain('href="https://starfinity.example/"')
    expect(mail.parsed.html).not.toContain('/api/email/open')
    expect(mail.parsed.html).not.toContain('/api/email/click')
  })
})
