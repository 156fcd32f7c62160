/**
 * Signups that arrive together are written by one statement (decision 0275), and each is stored as
 * it would be by a statement of its own: its row, its consent, its own links and its own email,
 * never another person's. A signup PostgreSQL refuses fails alone.
 * tests/int/signups-known-address.test.ts covers a signup's statement one at a time, and
 * tests/int/faults.test.ts batches under terminated connections.
 */
import { sql } from '@payloadcms/db-postgres/drizzle'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { referralUrl } from '@/lib/referrals'
import {
  confirmationToken,
  hashToken,
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

const rows = async <Row>(query: ReturnType<typeof sql>) =>
  (await app.payload.db.drizzle.execute(query)).rows as Row[]

/** The statements sent while `run` runs that write to `table`. */
const statementsWriting = async <T>(table: string, run: () => Promise<T>) => {
  const statements: string[] = []
  const writes = new RegExp(`INSERT INTO "?${table}"?\\b`)
  const original = pg.Client.prototype.query
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string }
    const text = typeof config === 'string' ? config : (config?.text ?? '')
    if (writes.test(text)) statements.push(text)
    return (original as (...a: unknown[]) => unknown).apply(this, args)
  } as typeof original
  try {
    return { result: await run(), statements }
  } finally {
    pg.Client.prototype.query = original
  }
}

type Mail = { to: string; message: string; messageId: string; subject: string }

const mailTo = async (email: string) =>
  rows<Mail>(sql`
    SELECT to_email AS "to", message, message_id AS "messageId", subject FROM email_logs
    WHERE to_email = ${email} ORDER BY id`)

describe('signups that arrive together', () => {
  it('waitlist: one statement for the crowd; each entry its own consent, links, referrer and email', async () => {
    const referrer = uniqueEmail('referrer')
    expect(
      (
        await app.request('POST', '/waitlist', {
          body: { email: referrer, name: 'Ref', product: 'studio' },
          ip: randomIp(),
        })
      ).status,
    ).toBe(201)
    const [{ code: referrerCode, id: referrerId }] = await rows<{ code: string; id: number }>(
      sql`SELECT referral_code AS code, id FROM waitlist_entries WHERE email = ${referrer}`,
    )

    const products = ['studio', 'records', 'earth-app'] as const
    const people = Array.from({ length: 9 }, (_, i) => ({
      email: uniqueEmail(`crowd-${i}`),
      name: `Person ${i}`,
      product: products[i % 3]!,
      ...(i === 0 ? { ref: referrerCode } : {}),
    }))
    const { result: answers, statements } = await statementsWriting('waitlist_entries', () =>
      Promise.all(people.map((body) => app.request('POST', '/waitlist', { body, ip: randomIp() }))),
    )
    expect(answers.map((answer) => answer.status)).toEqual(people.map(() => 201))
    // Together: fewer statements than signups (one, unless some arrived a turn apart).
    expect(statements.length).toBeGreaterThanOrEqual(1)
    expect(statements.length).toBeLessThan(people.length)

    for (const person of people) {
      const [entry] = await rows<{
        id: number
        name: string
        product: string
        code: string
        confirm: string
        status: string
        referredBy: number | null
      }>(sql`
        SELECT id, name, product, referral_code AS code, confirm_token AS confirm,
          status_token AS status, referred_by_id AS "referredBy"
        FROM waitlist_entries WHERE email = ${person.email}`)
      expect(entry).toMatchObject({ name: person.name, product: person.product })
      expect(entry!.referredBy).toBe(person.ref ? referrerId : null)
      const consents = await rows<{ source: string }>(
        sql`SELECT source FROM consents WHERE email = ${person.email} AND consent_type = 'waitlist'`,
      )
      expect(consents).toEqual([{ source: `waitlist:${person.product}` }])
      // Its one email names this person and carries this entry's referral code, and its
      // Message-ID is the one this entry's tokens were derived from.
      const mails = await mailTo(person.email)
      expect(mails).toHaveLength(1)
      const [mail] = mails as [Mail]
      expect(mail.message.startsWith(`Dear ${person.name},`)).toBe(true)
      expect(mail.message).toContain(referralUrl(person.product, entry!.code))
      expect(entry!.confirm).toBe(hashToken(waitlistConfirmToken(mail.messageId)))
      expect(entry!.status).toBe(hashToken(waitlistStatusToken(mail.messageId)))
    }
    const ids = (await Promise.all(people.map((person) => mailTo(person.email)))).map(
      ([mail]) => mail!.messageId,
    )
    expect(new Set(ids).size).toBe(people.length)
  })

  it('newsletter: one statement for the crowd; each subscriber its own consent, token and email', async () => {
    const people = Array.from({ length: 8 }, (_, i) => ({
      email: uniqueEmail(`readers-${i}`),
      firstName: `Reader ${i}`,
      interests: [`topic-${i}`],
    }))
    const { result: answers, statements } = await statementsWriting('newsletter_subscribers', () =>
      Promise.all(
        people.map((body) => app.request('POST', '/newsletter', { body, ip: randomIp() })),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual(people.map(() => 201))
    expect(statements.length).toBeGreaterThanOrEqual(1)
    expect(statements.length).toBeLessThan(people.length)

    for (const person of people) {
      const [subscriber] = await rows<{ name: string; token: string; interests: string[] }>(sql`
        SELECT first_name AS name, double_opt_in_token AS token, interests
        FROM newsletter_subscribers WHERE email = ${person.email}`)
      expect(subscriber).toMatchObject({ name: person.firstName, interests: person.interests })
      const consents = await rows<{ interests: string[] }>(sql`
        SELECT metadata -> 'interests' AS interests FROM consents
        WHERE email = ${person.email} AND consent_type = 'newsletter'`)
      expect(consents).toEqual([{ interests: person.interests }])
      const mails = await mailTo(person.email)
      expect(mails).toHaveLength(1)
      expect(mails[0]!.message.startsWith(`Dear ${person.firstName},`)).toBe(true)
      expect(subscriber!.token).toBe(hashToken(confirmationToken(mails[0]!.messageId)))
    }
  })

  it('names as typed, in a crowd: quotes, backslashes, letters of any script; a broken character becomes U+FFFD', async () => {
    // The batch goes to PostgreSQL as one JSON document: what JSON escapes comes back as typed,
    // and a lone surrogate (which PostgreSQL's JSON refuses) is stored as text would store it.
    const names = ['O\'Brien "Jo" \\ Smith', 'Zoë Łukasz 李雷 🌟', 'Broken \ud800 name', 'Plain']
    const stored = names.map((name) => name.replace('\ud800', '\ufffd'))
    const people = names.map((name, i) => ({ email: uniqueEmail(`typed-${i}`), name }))
    const answers = await Promise.all(
      people.flatMap(({ email, name }) => [
        app.request('POST', '/waitlist', {
          body: { email, name, product: 'records' },
          ip: randomIp(),
        }),
        app.request('POST', '/newsletter', { body: { email, firstName: name }, ip: randomIp() }),
      ]),
    )
    expect(answers.map((answer) => answer.status)).toEqual(people.flatMap(() => [201, 201]))
    for (const [i, { email }] of people.entries()) {
      const [found] = await rows<{ entry: string; subscriber: string }>(sql`
        SELECT (SELECT name FROM waitlist_entries WHERE email = ${email}) AS entry,
          (SELECT first_name FROM newsletter_subscribers WHERE email = ${email}) AS subscriber`)
      expect(found).toEqual({ entry: stored[i], subscriber: stored[i] })
      const mails = await mailTo(email)
      expect(mails).toHaveLength(2)
      for (const mail of mails) expect(mail.message.startsWith(`Dear ${stored[i]},`)).toBe(true)
    }
  })

  it('a signup PostgreSQL refuses fails alone: the others of its batch are stored, it leaves nothing', async () => {
    // A fault in the database itself: a trigger that refuses one address.
    await app.payload.db.drizzle.execute(
      sql.raw(`
      CREATE FUNCTION refuse_one_address() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.email LIKE 'refused.%' THEN RAISE EXCEPTION 'refused by the test'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_one_address BEFORE INSERT ON waitlist_entries
        FOR EACH ROW EXECUTE FUNCTION refuse_one_address();`),
    )
    try {
      const emails = Array.from({ length: 6 }, (_, i) =>
        uniqueEmail(i === 2 ? 'refused' : `batch-${i}`),
      )
      const answers = await Promise.all(
        emails.map((email) =>
          app.request('POST', '/waitlist', {
            body: { email, name: 'Batch', product: 'records' },
            ip: randomIp(),
          }),
        ),
      )
      const statuses = answers.map((answer) => answer.status)
      expect(statuses.filter((_, i) => i !== 2)).toEqual(Array(5).fill(201))
      expect(statuses[2]).toBe(500)
      for (const [i, email] of emails.entries()) {
        const [found] = await rows<{ entries: number; consents: number; mails: number }>(sql`
          SELECT (SELECT count(*)::int FROM waitlist_entries WHERE email = ${email}) AS entries,
            (SELECT count(*)::int FROM consents WHERE email = ${email}) AS consents,
            (SELECT count(*)::int FROM email_logs WHERE to_email = ${email}) AS mails`)
        expect(found, email).toEqual(
          i === 2 ? { entries: 0, consents: 0, mails: 0 } : { entries: 1, consents: 1, mails: 1 },
        )
      }
    } finally {
      await app.payload.db.drizzle.execute(
        sql.raw(`DROP TRIGGER refuse_one_address ON waitlist_entries;
          DROP FUNCTION refuse_one_address();`),
      )
    }
  })
})
