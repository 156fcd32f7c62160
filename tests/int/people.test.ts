import { sql } from '@payloadcms/db-postgres/drizzle'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { erasedAddressHash } from '@/lib/anonymize'
import { addressFields } from '@/services/admin/people'
import { dataRequestToken, revealSecretLinks } from '@/services/email/secret-links'
import { unsubscribeAll } from '@/services/email-links/preferences'
import { unsubscribeTokenFor } from '@/services/email/unsubscribe-links'
import { queueEmail } from '@/services/email/queue'
import { confirmNewsletter } from '@/services/newsletter/subscribe'

import { startApp, type TestApp, uniqueEmail } from '../helpers/app'

vi.hoisted(() => {
  delete process.env.SMTP_URL
})

let app: TestApp
const tokens = {} as Record<'full' | 'demo' | 'editor', string>

beforeAll(async () => {
  app = await startApp()
  tokens.full = await app.createUser('people-full', 'full')
  tokens.demo = await app.createUser('people-demo', 'demo')
  tokens.editor = await app.createUser('people-editor', 'editor')
})
afterAll(async () => app?.close())

const post = async (path: string, body: unknown) => {
  const res = await app.request('POST', path, { body })
  expect(res.status, `${path}: ${res.text}`).toBeLessThan(300)
  return res
}

/**
 * One person as the site leaves them: through the public forms (waitlist twice, newsletter with
 * its consent and confirmation email, contact, parent survey), plus a row of every other kind that
 * holds an address, written as the server writes them.
 */
const seedPerson = async (email: string) => {
  await post('/waitlist', { email, name: 'Pat Person', product: 'earth-app' })
  await post('/waitlist', { email, name: 'Pat Person', product: 'records' })
  await post('/newsletter', { email, firstName: 'Pat' })
  await post('/contact', {
    name: 'Pat Person',
    email,
    subject: 'Hello',
    message: `Please write to ${email} about the books.`,
  })
  await post('/parent-engagement', { name: 'Pat Person', email, childAge: '5-6' })
  const { payload } = app
  await payload.create({
    collection: 'engagement-events',
    data: { eventType: 'email_open', email, page: '/' },
  })
  await payload.create({
    collection: 'email-events',
    data: { email, eventType: 'open', browser: 'Firefox', os: 'Linux', deviceType: 'desktop' },
  })
  await payload.create({
    collection: 'bounce-events',
    data: { email, bounceType: 'soft', reason: 'mailbox full' },
  })
  await unsubscribeTokenFor(payload, email)
}

/** Every row of every table whose text mentions the address (whatever the column). */
const mentions = async (email: string) => {
  const columns = await app.rows<{ table_name: string; column_name: string }>(sql`
    SELECT c.table_name, c.column_name FROM information_schema.columns c
    JOIN information_schema.tables t USING (table_schema, table_name)
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      AND c.data_type IN ('character varying', 'text', 'jsonb', 'json')`)
  const found: string[] = []
  for (const { table_name: table, column_name: column } of columns) {
    const hits = await app.rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM ${sql.identifier(table)}
      WHERE ${sql.identifier(column)}::text ILIKE ${`%${email}%`}`)
    if (hits[0].n > 0) found.push(`${table}.${column}`)
  }
  return found
}

/** The ids of the rows holding the address, per collection, read straight from the tables. */
const idsByCollection = async (payload: TestApp['payload'], email: string) => {
  const result: Record<string, number[]> = {}
  for (const { collection, field } of addressFields(payload)) {
    const column = field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
    const ids = await app.rows<{ id: number }>(sql`
      SELECT id FROM ${sql.identifier(collection.replace(/-/g, '_'))}
      WHERE lower(${sql.identifier(column)}) = ${email} ORDER BY id`)
    if (ids.length) result[collection] = ids.map((row) => row.id)
  }
  return result
}

/** Whether a hash of the address is kept (it is never stored in clear). */
const kept = async (email: string) =>
  (
    await app.rows(
      sql`SELECT 1 FROM erased_addresses WHERE address_hash = ${erasedAddressHash(email)}`,
    )
  ).length === 1

const peopleUrl = (email: string, suffix = '') =>
  `/admin/people${suffix}?email=${encodeURIComponent(email)}`

describe('one person, everywhere', () => {
  it('finds every address field of the configuration, and not the team or the sender', () => {
    const fields = addressFields(app.payload).map((f) => `${f.collection}.${f.field}`)
    expect(fields).toEqual(
      expect.arrayContaining([
        'waitlist-entries.email',
        'contact-messages.email',
        'parent-engagements.email',
        'newsletter-subscribers.email',
        'email-logs.toEmail',
        'consents.email',
        'email-preferences.email',
        'email-suppressions.email',
        'bounce-events.email',
        'engagement-events.email',
      ]),
    )
    expect(fields.some((f) => f.startsWith('users.') || f.endsWith('.fromEmail'))).toBe(false)
  })

  it('shows a full admin every record of the person and nothing of another', async () => {
    const email = uniqueEmail('pat')
    // Another person whose address contains the first one's, and the first one's with capitals.
    const other = `x${email}`
    await seedPerson(email)
    await seedPerson(other)
    const expected = await idsByCollection(app.payload, email)
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(9)

    const res = await app.request('GET', peopleUrl(email.toUpperCase()), { token: tokens.full })
    expect(res.status, res.text).toBe(200)
    expect(res.body.email).toBe(email)
    const got = Object.fromEntries(
      Object.entries(res.body.records as Record<string, { id: number }[]>).map(([slug, docs]) => [
        slug,
        docs.map((doc) => doc.id),
      ]),
    )
    expect(got).toEqual(expected)
    expect(res.body.total).toBe(Object.values(expected).flat().length)
    expect(res.text).not.toContain(other)
    // Full admins see the person, never the stored secrets.
    expect(res.body.records['waitlist-entries'][0]).toMatchObject({ email, name: 'Pat Person' })
    expect(res.text).not.toMatch(/unsubscribeToken|doubleOptInToken/)
  })

  it('exports the same records as one JSON file, audited without the address', async () => {
    const email = uniqueEmail('export')
    await seedPerson(email)
    const expected = await idsByCollection(app.payload, email)
    const res = await app.request('GET', peopleUrl(email, '/export'), { token: tokens.full })
    expect(res.status, res.text).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="person-export-\d{4}-\d\d-\d\d\.json"$/,
    )
    expect(res.body.exportedAt).toMatch(/^\d{4}-\d\d-\d\dT/)
    const ids = Object.fromEntries(
      Object.entries(res.body.records as Record<string, { id: number }[]>).map(([slug, docs]) => [
        slug,
        docs.map((doc) => doc.id),
      ]),
    )
    expect(ids).toEqual(expected)
    const audit = await app.payload.find({
      collection: 'audit-logs',
      where: { action: { equals: 'people.export' } },
      sort: '-at',
      limit: 1,
    })
    expect(audit.docs[0]).toMatchObject({ username: 'people-full' })
    expect(JSON.stringify(audit.docs[0])).not.toContain(email)
  })

  it('erases every row with the address, leaves others alone, keeps a hash of an unsubscribed one', async () => {
    const email = uniqueEmail('erase')
    const other = uniqueEmail('kept')
    await seedPerson(email)
    await seedPerson(other)
    await unsubscribeAll(app.payload, await unsubscribeTokenFor(app.payload, email), 'test')
    const before = await idsByCollection(app.payload, email)
    const otherBefore = await idsByCollection(app.payload, other)
    expect(await mentions(email)).not.toEqual([])

    const res = await app.request('DELETE', peopleUrl(email), { token: tokens.full })
    expect(res.status, res.text).toBe(200)
    expect(res.body.removed).toEqual(
      Object.fromEntries(Object.entries(before).map(([slug, ids]) => [slug, ids.length])),
    )
    expect(res.body.total).toBe(Object.values(before).flat().length)
    expect(res.body.keptHash).toBe(true)

    expect(await mentions(email)).toEqual([])
    expect(await idsByCollection(app.payload, other)).toEqual(otherBefore)
    const again = await app.request('GET', peopleUrl(email), { token: tokens.full })
    expect(again.body).toEqual({ email, total: 0, records: {} })

    const audit = await app.payload.find({
      collection: 'audit-logs',
      where: { action: { equals: 'people.erase' } },
      sort: '-at',
      limit: 1,
    })
    expect(audit.docs[0].details).toEqual({ removed: res.body.removed, keptHash: true })

    // Bulk mail to the address is skipped from now on; mail the person asks for still goes.
    const broadcast = await queueEmail(app.payload, {
      to: email,
      subject: 'News',
      text: 'News for everyone',
      emailType: 'broadcast',
      isBulk: true,
    })
    expect(broadcast).toMatchObject({ status: 'skipped', reason: 'erased' })
    const individual = await queueEmail(app.payload, {
      to: email,
      subject: 'Hello',
      text: 'Hello again',
      emailType: 'broadcast',
    })
    expect(individual).toMatchObject({ status: 'skipped', reason: 'erased' })

    // Signing up again and confirming is a new consent: the kept hash goes.
    const signup = await app.request('POST', '/newsletter', { body: { email } })
    expect(signup.status, signup.text).toBe(201)
    expect(
      await app.rows(
        sql`SELECT status FROM email_logs WHERE to_email = ${email} AND email_type = 'confirmation'`,
      ),
    ).toEqual([{ status: 'queued' }])
    const token = 'known-token-for-the-test'
    await app.payload.db.drizzle.execute(sql`
      UPDATE newsletter_subscribers SET double_opt_in_token = encode(sha256(${token}::bytea), 'hex'),
        double_opt_in_expires = now() + interval '1 hour' WHERE email = ${email}`)
    expect(await kept(email)).toBe(true)
    await confirmNewsletter(app.payload, token, '198.51.100.10')
    expect(await kept(email)).toBe(false)
  })

  it('keeps no hash of a person who never unsubscribed or bounced', async () => {
    const email = uniqueEmail('plain')
    await post('/waitlist', { email, name: 'Plain Person', product: 'earth-app' })
    const res = await app.request('DELETE', peopleUrl(email), { token: tokens.full })
    expect(res.status, res.text).toBe(200)
    // The signup's confirmation email is in the email log too (decision 0119).
    expect(res.body).toEqual({
      removed: { 'waitlist-entries': 1, 'email-logs': 1, consents: 1 },
      total: 3,
      keptHash: false,
    })
    expect(await kept(email)).toBe(false)
    expect(await mentions(email)).toEqual([])
  })

  it('erases all or nothing: a failure part-way keeps every row and writes no audit entry', async () => {
    const email = uniqueEmail('atomic')
    await seedPerson(email)
    const before = await idsByCollection(app.payload, email)
    const audits = async () =>
      (
        await app.payload.count({
          collection: 'audit-logs',
          where: { action: { equals: 'people.erase' } },
        })
      ).totalDocs
    const auditsBefore = await audits()
    // A real refusal from the database on a table erased late in the order.
    await app.payload.db.drizzle.execute(sql`
      CREATE FUNCTION refuse_delete() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'refused'; END $$;
      CREATE TRIGGER refuse_delete BEFORE DELETE ON bounce_events
        FOR EACH ROW EXECUTE FUNCTION refuse_delete()`)
    try {
      const res = await app.request('DELETE', peopleUrl(email), { token: tokens.full })
      expect(res.status).toBe(500)
    } finally {
      await app.payload.db.drizzle.execute(sql`
        DROP TRIGGER refuse_delete ON bounce_events; DROP FUNCTION refuse_delete()`)
    }
    expect(await idsByCollection(app.payload, email)).toEqual(before)
    expect(await audits()).toBe(auditsBefore)
  })

  it('is for full admins only, and a bad address is a 400 naming the field', async () => {
    const email = uniqueEmail('doors')
    await post('/waitlist', { email, name: 'Door Person', product: 'earth-app' })
    for (const [method, suffix] of [
      ['GET', ''],
      ['GET', '/export'],
      ['DELETE', ''],
    ] as const) {
      expect((await app.request(method, peopleUrl(email, suffix))).status).toBe(401)
      for (const role of ['demo', 'editor'] as const) {
        const res = await app.request(method, peopleUrl(email, suffix), { token: tokens[role] })
        expect(res.status).toBe(403)
        expect(res.text).not.toContain(email)
      }
      const bad = await app.request(method, `/admin/people${suffix}?email=nobody`, {
        token: tokens.full,
      })
      expect(bad.status).toBe(400)
      expect(bad.body.errors).toEqual({ email: 'Please enter a valid email address' })
    }
    expect(Object.keys(await idsByCollection(app.payload, email))).toEqual([
      'waitlist-entries',
      'email-logs',
      'consents',
    ])
  })
})

describe("the person's own request, from the preferences page", () => {
  const form = (fields: Record<string, string>) => ({
    rawBody: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })

  /** Asks as the page's form does; returns the link's token the emailed message carries. */
  const ask = async (email: string, kind: 'export' | 'erase') => {
    const unsubscribe = await unsubscribeTokenFor(app.payload, email)
    const res = await app.request('POST', '/email/data-request', form({ token: unsubscribe, kind }))
    expect(res.status, res.text).toBe(303)
    expect(res.headers.get('location')).toMatch(
      /\/email\/preferences\?token=.*&status=data-requested$/,
    )
    const logs = await app.rows<{ message: string; message_id: string; email_type: string }>(sql`
      SELECT message, message_id, email_type FROM email_logs
      WHERE to_email = ${email} AND tags @> '["data-request"]'
      ORDER BY id DESC`)
    expect(logs[0].email_type).toBe('confirmation')
    // The log keeps the link redacted; the sender derives the token from the Message-ID.
    expect(logs[0].message).toContain('/email/data?token=[redacted]')
    const token = dataRequestToken(logs[0].message_id)
    expect(
      revealSecretLinks(logs[0].message, {
        emailType: 'confirmation',
        messageId: logs[0].message_id,
      }),
    ).toContain(`/email/data?token=${token}`)
    return { logs, token }
  }

  it("emails a link; its button downloads the person's records without secrets, audited, once", async () => {
    const email = uniqueEmail('selfexport')
    await seedPerson(email)
    const { token } = await ask(email, 'export')
    // A second click within minutes sends nothing more.
    const again = await ask(email, 'export')
    expect(again.logs).toHaveLength(1)

    // Two clicks at once: one download; the link is spent (it held everything, consent IPs too).
    const [res, twin] = await Promise.all([
      app.request('POST', '/email/data', form({ token })),
      app.request('POST', '/email/data', form({ token })),
    ])
    const answers = [res, twin].map((answer) => answer.status).sort()
    expect(answers).toEqual([200, 303])
    const download = res.status === 200 ? res : twin
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="person-export-/,
    )
    expect((await app.request('POST', '/email/data', { body: { token } })).status).toBe(404)
    // Everything held about the person; the spent request is gone.
    const { 'data-requests': pending, ...expected } = await idsByCollection(app.payload, email)
    expect(pending ?? []).toHaveLength(0)
    const ids = Object.fromEntries(
      Object.entries(download.body.records as Record<string, { id: number }[]>).map(
        ([slug, docs]) => [slug, docs.map((doc) => doc.id)],
      ),
    )
    expect(ids).toEqual(expected)
    expect(download.body.records['email-preferences'][0]).toMatchObject({ email })
    expect(download.text).not.toMatch(/unsubscribeToken|doubleOptInToken|tokenHash/)
    const audit = await app.payload.find({
      collection: 'audit-logs',
      where: { action: { equals: 'people.export' } },
      sort: '-at',
      limit: 1,
    })
    expect(audit.docs[0]).toMatchObject({ username: 'the person (self-service)' })
  })

  it('erases everything with the emailed link, after which the link is dead', async () => {
    const email = uniqueEmail('selferase')
    await seedPerson(email)
    const { token } = await ask(email, 'erase')
    // Following the link (a GET, as a mail scanner does) erases nothing.
    expect((await app.request('GET', `/email/data?token=${token}`)).status).toBe(404)
    expect(await mentions(email)).not.toEqual([])

    const res = await app.request('POST', '/email/data', form({ token }))
    expect(res.status, res.text).toBe(303)
    expect(res.headers.get('location')).toMatch(/\/email\/data\?status=erased$/)
    expect(await mentions(email)).toEqual([])
    const reused = await app.request('POST', '/email/data', { body: { token } })
    expect(reused.status).toBe(404)
  })

  it('refuses an unknown token, an expired link and a wrong kind, naming the field', async () => {
    const unknown = await app.request('POST', '/email/data-request', {
      body: { token: 'x'.repeat(32), kind: 'export' },
    })
    expect(unknown.status).toBe(404)
    const email = uniqueEmail('selfexpired')
    await seedPerson(email)
    const wrongKind = await app.request('POST', '/email/data-request', {
      body: { token: await unsubscribeTokenFor(app.payload, email), kind: 'delete' },
    })
    expect(wrongKind.status).toBe(400)
    expect(Object.keys(wrongKind.body.errors)).toEqual(['kind'])
    const { token } = await ask(email, 'erase')
    await app.payload.db.drizzle.execute(
      sql`UPDATE data_requests SET expires_at = now() - interval '1 second' WHERE email = ${email}`,
    )
    const expired = await app.request('POST', '/email/data', { body: { token } })
    expect(expired.status).toBe(404)
    expect(await idsByCollection(app.payload, email)).not.toEqual({})
  })
})
