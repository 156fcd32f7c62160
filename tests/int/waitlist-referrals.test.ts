/**
 * Referral waitlists (decision 0119): positions and referral moves computed on read, referrals
 * counted only once the referred person confirmed, never for the same address, and exactly once
 * each under concurrency; the confirmation email's links; the status page's reader; the admin
 * list, leaderboard, CSV and one person's data.
 */
import { sql } from '@payloadcms/db-postgres/drizzle'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { runEmailQueue } from '@/jobs/queue'
import type { Product } from '@/lib/constants'
import { referralUrl } from '@/lib/referrals'
import { siteSettings } from '@/seed/data'
import { readWaitlistStatus } from '@/services/waitlist/confirm'
import { placesOf, placesPerReferral, waitlistLine } from '@/services/waitlist/line'
import { waitlistConfirmToken, waitlistStatusToken } from '@/services/email/secret-links'

import { randomIp, startApp, type TestApp, uniqueEmail } from '../helpers/app'
import { LoopbackSmtp } from '../helpers/smtp'

const port = await vi.hoisted(async () => {
  const { configureLoopbackSmtp } = await import('../helpers/smtp')
  const chosen = configureLoopbackSmtp()
  process.env.SERVER_URL = 'https://starfinity.example'
  return chosen
})

let app: TestApp
let full: string
let demo: string
const smtp = new LoopbackSmtp(port)

beforeAll(async () => {
  await smtp.start()
  app = await startApp()
  full = await app.createUser('referrals-full', 'full')
  demo = await app.createUser('referrals-demo', 'demo')
  await app.payload.updateGlobal({ slug: 'site-settings', data: siteSettings })
})
afterAll(async () => {
  await app?.close()
  await smtp.stop()
})

const setPlaces = (product: Product, places: number) =>
  app.payload.updateGlobal({
    slug: 'site-settings',
    data: {
      referralPlaces: {
        ...siteSettings.referralPlaces,
        [product.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())]: places,
      },
    },
  })

const join = (product: Product, email = uniqueEmail('line'), ref?: string, name = 'Nova') =>
  app.request('POST', '/waitlist', {
    body: { email, name, product, ...(ref === undefined ? {} : { ref }) },
    ip: randomIp(),
  })

const codeOf = (referralUrl: string) => new URL(referralUrl).searchParams.get('ref')!

type EntryRow = {
  id: number
  email: string
  referral_code: string
  referred_by_id: number | null
  confirmed_at: Date | null
  confirm_token: string | null
  status_token: string | null
}

const entryOf = async (email: string, product: Product) =>
  (
    await app.payload.db.drizzle.execute(sql`
      SELECT id, email, referral_code, referred_by_id, confirmed_at, confirm_token, status_token
      FROM waitlist_entries WHERE email = ${email} AND product = ${product}`)
  ).rows[0] as EntryRow

/** The entry's referral link, as its emails carry it (the signup's answer does not: decision 0163). */
const referralUrlOf = async (email: string, product: Product) =>
  referralUrl(product, (await entryOf(email, product)).referral_code)

/** The Message-ID of the entry's latest confirmation email: its links' tokens are derived from it. */
const messageIdOf = async (entryId: number) =>
  String(
    (
      await app.payload.db.drizzle.execute(sql`
        SELECT message_id FROM email_logs
        WHERE waitlist_entry_id = ${entryId} AND email_type = 'confirmation'
        ORDER BY id DESC LIMIT 1`)
    ).rows[0]?.message_id,
  )

const confirm = async (entryId: number) =>
  app.request('POST', '/waitlist/confirm', {
    body: { token: waitlistConfirmToken(await messageIdOf(entryId)) },
    ip: randomIp(),
  })

/** The product's line as the Waitlist tab shows it: email → { position, referrals }. */
const adminLine = async (product: Product) => {
  const res = await app.request('GET', `/admin/waitlist?product=${product}&limit=100`, {
    token: full,
  })
  expect(res.status, res.text).toBe(200)
  return new Map<string, { position: number; referrals: number }>(
    (res.body.data as { email: string; position: number; referrals: number }[]).map((row) => [
      row.email,
      { position: row.position, referrals: row.referrals },
    ]),
  )
}

const drain = async () => {
  while ((await runEmailQueue(app.payload)) > 0);
}

describe('signup answers', () => {
  it('answers 201 with the message and no place or code (decision 0163); the next signup is one place behind', async () => {
    const firstEmail = uniqueEmail('line')
    const secondEmail = uniqueEmail('line')
    const first = await join('publishing', firstEmail)
    expect(first.status, first.text).toBe(201)
    expect(first.body).toEqual({
      success: true,
      message: 'Successfully joined waitlist!',
      data: { email: firstEmail, product: 'publishing' },
    })
    const second = await join('publishing', secondEmail)
    expect(second.status, second.text).toBe(201)
    const line = await adminLine('publishing')
    expect(line.get(secondEmail)!.position).toBe(line.get(firstEmail)!.position + 1)
    const { count } = (
      await app.payload.db.drizzle.execute(
        sql`SELECT count(*)::int AS count FROM waitlist_entries WHERE product = 'publishing'`,
      )
    ).rows[0] as { count: number }
    expect(line.get(secondEmail)!.position).toBe(count)

    const secondUrl = await referralUrlOf(secondEmail, 'publishing')
    const url = new URL(secondUrl)
    expect(url.origin + url.pathname).toBe('https://starfinity.example/waitlist')
    expect(url.searchParams.get('product')).toBe('publishing')
    expect(codeOf(secondUrl)).toMatch(/^[A-Za-z0-9]{10}$/)
    expect(codeOf(secondUrl)).not.toBe(codeOf(await referralUrlOf(firstEmail, 'publishing')))
  })

  it('queues the confirmation with the signup: links redacted in the log, real ones delivered', async () => {
    const email = uniqueEmail('mail')
    const res = await join('records', email, undefined, 'Lumi')
    expect(res.status, res.text).toBe(201)
    const row = await entryOf(email, 'records')
    expect(row.confirm_token).toMatch(/^[0-9a-f]{64}$/)
    expect(row.status_token).toMatch(/^[0-9a-f]{64}$/)
    expect(row.status_token).not.toBe(row.confirm_token)
    const log = (
      await app.payload.db.drizzle.execute(sql`
        SELECT message, html_content, status FROM email_logs WHERE waitlist_entry_id = ${row.id}`)
    ).rows as { message: string; html_content: string; status: string }[]
    expect(log).toHaveLength(1)
    expect(log[0].status).toBe('queued')
    expect(log[0].message).toContain('/waitlist/confirm?token=[redacted]')
    expect(log[0].message).toContain('/waitlist/status?token=[redacted]')
    expect(log[0].message).toContain(await referralUrlOf(email, 'records'))

    await drain()
    const [mail] = smtp.to(email)
    expect(mail.parsed.subject).toBe('Please confirm your place on the Starfinity Records waitlist')
    const text = mail.parsed.text ?? ''
    const confirmToken = /\/waitlist\/confirm\?token=([\w-]+)/.exec(text)?.[1]
    const statusToken = /\/waitlist\/status\?token=([\w-]+)/.exec(text)?.[1]
    expect(confirmToken).toBeTruthy()
    expect(statusToken).toBeTruthy()
    expect(statusToken).not.toBe(confirmToken)

    // Before confirming, the status link shows no place; the confirm page's POST confirms once.
    expect(await readWaitlistStatus(app.payload, statusToken!)).toEqual({
      confirmed: false,
      product: 'records',
    })
    const form = await app.request('POST', '/waitlist/confirm', {
      rawBody: new URLSearchParams({ token: confirmToken! }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(form.status).toBe(303)
    expect(form.headers.get('location')).toBe(
      `https://starfinity.example/waitlist/status?token=${statusToken}&confirmed=1`,
    )
    const again = await app.request('POST', '/waitlist/confirm', { body: { token: confirmToken } })
    expect(again.status).toBe(400)
    expect(again.body.errors).toHaveProperty('token')
    const status = await readWaitlistStatus(app.payload, statusToken!)
    expect(status).toMatchObject({ confirmed: true, product: 'records', referrals: 0 })
    expect(status.confirmed && status.referralUrl).toBe(await referralUrlOf(email, 'records'))
    // The confirm token opens no status page.
    await expect(readWaitlistStatus(app.payload, confirmToken!)).rejects.toMatchObject({
      status: 400,
    })
  })

  it('refuses a malformed referral code with 400 naming ref; an unknown one is ignored', async () => {
    const bad = await join('universe', uniqueEmail('bad'), 'no spaces!')
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toHaveProperty('ref')
    const unknownEmail = uniqueEmail('unknown')
    const unknown = await join('universe', unknownEmail, 'ZZZZZZZZZZ')
    expect(unknown.status, unknown.text).toBe(201)
    expect((await entryOf(unknownEmail, 'universe')).referred_by_id).toBeNull()
  })
})

describe('referrals', () => {
  it('count only once the referred person confirmed; never for the same address or another product', async () => {
    const referrerEmail = uniqueEmail('referrer')
    expect((await join('universe', referrerEmail)).status).toBe(201)
    const referrerRow = await entryOf(referrerEmail, 'universe')
    const code = referrerRow.referral_code

    const friendEmail = uniqueEmail('friend')
    expect((await join('universe', friendEmail, code)).status).toBe(201)
    const friend = await entryOf(friendEmail, 'universe')
    expect(friend.referred_by_id).toBe(referrerRow.id)
    expect((await adminLine('universe')).get(referrerEmail)?.referrals).toBe(0)

    expect((await confirm(friend.id)).status).toBe(200)
    expect((await adminLine('universe')).get(referrerEmail)?.referrals).toBe(1)

    // The referrer's own address, "+tag" or case changed: a self-referral, not recorded.
    const [local, domain] = referrerEmail.split('@')
    const selfEmail = `${local.toUpperCase()}+again@${domain}`
    expect((await join('universe', selfEmail, code)).status).toBe(201)
    expect((await entryOf(selfEmail.toLowerCase(), 'universe')).referred_by_id).toBeNull()
    // A code of another product's line is not a referral here.
    const otherEmail = uniqueEmail('other')
    expect((await join('records', otherEmail, code)).status).toBe(201)
    expect((await entryOf(otherEmail, 'records')).referred_by_id).toBeNull()
    // The same address again is answered as a new signup and changes nothing (decision 0163).
    expect((await join('universe', friendEmail, code)).status).toBe(201)
    expect((await entryOf(friendEmail, 'universe')).id).toBe(friend.id)
    expect((await adminLine('universe')).get(referrerEmail)?.referrals).toBe(1)
  })

  it('move the referrer up the configured places per counted referral; 0 turns it off', async () => {
    const product: Product = 'studio'
    const emails: string[] = []
    for (let i = 0; i < 5; i++) {
      emails.push(uniqueEmail(`studio${i}`))
      expect((await join(product, emails[i])).status).toBe(201)
    }
    const base = (await adminLine(product)).get(emails[0])!.position
    const fifth = await entryOf(emails[4], product)
    const friendEmail = uniqueEmail('studiofriend')
    expect((await join(product, friendEmail, fifth.referral_code)).status).toBe(201)
    await confirm((await entryOf(friendEmail, product)).id)

    await setPlaces(product, 2)
    let line = await adminLine(product)
    expect(emails.map((email) => line.get(email)!.position - base)).toEqual([0, 1, 3, 4, 2])
    expect(line.get(friendEmail)!.position - base).toBe(5)

    await setPlaces(product, 0)
    line = await adminLine(product)
    expect(emails.map((email) => line.get(email)!.position - base)).toEqual([0, 1, 2, 3, 4])
    expect(line.get(emails[4])!.referrals).toBe(1)

    await setPlaces(product, 1)
    line = await adminLine(product)
    expect(emails.map((email) => line.get(email)!.position - base)).toEqual([0, 1, 2, 4, 3])
    const positions = [...line.values()].map((entry) => entry.position).sort((a, b) => a - b)
    expect(positions).toEqual(positions.map((_, index) => index + 1))
  })

  it('50 referred signups at once, then 50 confirmations at once, count exactly 50', async () => {
    const product: Product = 'earth-app'
    const referrerEmail = uniqueEmail('popular')
    expect((await join(product, referrerEmail)).status).toBe(201)
    const code = (await entryOf(referrerEmail, product)).referral_code
    const startedAt = (await adminLine(product)).get(referrerEmail)!.position
    const emails = Array.from({ length: 50 }, (_, i) => uniqueEmail(`crowd${i}`))
    const signups = await Promise.all(emails.map((email) => join(product, email, code)))
    expect(signups.map((res) => res.status)).toEqual(emails.map(() => 201))
    const ids = await Promise.all(emails.map(async (email) => (await entryOf(email, product)).id))
    const confirmations = await Promise.all(ids.map((id) => confirm(id)))
    expect(confirmations.map((res) => res.status)).toEqual(ids.map(() => 200))

    const line = await adminLine(product)
    expect(line.get(referrerEmail)?.referrals).toBe(50)
    // The referrer was first in this fresh line of people and stays first.
    expect(line.get(referrerEmail)?.position).toBe(startedAt)
    const positions = [...line.values()].map((entry) => entry.position).sort((a, b) => a - b)
    expect(positions).toEqual(positions.map((_, index) => index + 1))
  })
})

describe('the line', () => {
  it('counted positions are those of a sort of the whole line, many movers and ties included', async () => {
    // A product of its own rows: 3,000 entries over six hours (some joined in the same instant), 300 of them
    // referrers with 1–5 confirmed referrals each, 3 places per referral.
    await setPlaces('studio', 3)
    const { drizzle } = app.payload.db
    await drizzle.execute(sql`DELETE FROM waitlist_entries WHERE product = 'studio'`)
    await drizzle.execute(sql`INSERT INTO waitlist_entries (email, name, product, joined_at, referral_code)
      SELECT 'line' || g || '@sorted.example', 'L', 'studio', timestamptz '2026-01-01 00:30' + make_interval(secs => (g / 3) * 20), 'sorted' || g
      FROM generate_series(1, 3000) g`)
    await drizzle.execute(sql`
      WITH referrers AS (SELECT id, row_number() OVER (ORDER BY random()) AS n
        FROM waitlist_entries WHERE product = 'studio')
      UPDATE waitlist_entries w SET referred_by_id = r.id, confirmed_at = now()
      FROM referrers r, referrers me
      WHERE me.id = w.id AND me.n > 300 AND r.n = 1 + (me.n % 300) AND me.n <= 300 + 300 * (1 + r.n % 5)`)
    const sorted = await drizzle.execute(sql`
      SELECT id, row_number() OVER (ORDER BY base - referrals * 3, referrals DESC, base)::int AS position
      FROM (SELECT w.id, row_number() OVER (ORDER BY w.joined_at, w.id) AS base,
          (SELECT count(*) FROM waitlist_entries r
            WHERE r.referred_by_id = w.id AND r.confirmed_at IS NOT NULL) AS referrals
        FROM waitlist_entries w WHERE w.product = 'studio') b`)
    const places = await placesPerReferral(app.payload)
    const counted = await drizzle.execute(
      sql`SELECT id, position FROM (${waitlistLine(places, { product: 'studio' })}) l`,
    )
    const byId = (rows: unknown[]) =>
      Object.fromEntries(
        (rows as { id: number; position: number }[]).map((r) => [r.id, r.position]),
      )
    expect(counted.rows).toHaveLength(3000)
    expect(byId(counted.rows)).toEqual(byId(sorted.rows))
    const movers = await drizzle.execute(sql`SELECT count(DISTINCT referred_by_id)::int AS n
      FROM waitlist_entries WHERE product = 'studio' AND referred_by_id IS NOT NULL`)
    expect((movers.rows[0] as { n: number }).n).toBeGreaterThan(100)
    // Asked for a few entries, the line answers the same places for them.
    const few = await drizzle.execute(
      sql`SELECT id, position FROM (${waitlistLine(places, {
        ids: sql`SELECT id FROM waitlist_entries WHERE product = 'studio' ORDER BY id DESC LIMIT 40`,
      })}) l`,
    )
    expect(few.rows).toHaveLength(40)
    const all = byId(sorted.rows)
    for (const row of few.rows as { id: number; position: number }[])
      expect(row.position).toBe(all[row.id])
    // A page's places counted from the hours' counters and the movers near each entry (decision
    // 0235) are the sorted line's, for every entry: the newest, the earliest, the movers.
    const ids = Object.keys(all).map(Number)
    const referrers = (
      await drizzle.execute(sql`SELECT DISTINCT referred_by_id AS id FROM waitlist_entries
        WHERE product = 'studio' AND referred_by_id IS NOT NULL`)
    ).rows.map((row) => Number((row as { id: number }).id))
    const page = [...new Set([...ids.filter((_, n) => n % 9 === 0), ...referrers.slice(0, 150)])]
    const near = await placesOf(app.payload, places, page)
    expect(Object.fromEntries([...near].map(([id, place]) => [id, place.position]))).toEqual(
      Object.fromEntries(page.map((id) => [id, all[id]])),
    )
    expect(await placesOf(app.payload, places, page, { product: 'studio' })).toEqual(near)
    await drizzle.execute(sql`DELETE FROM waitlist_entries WHERE product = 'studio'`)
    await setPlaces('studio', 1)
  })
})

describe('admin views', () => {
  it('the leaderboard ranks referrers per product; a demo user gets it masked', async () => {
    const res = await app.request('GET', '/admin/waitlist/leaderboard?product=earth-app', {
      token: full,
    })
    expect(res.status, res.text).toBe(200)
    expect(res.body.data).toHaveLength(1)
    const [board] = res.body.data
    expect(board.product).toBe('earth-app')
    expect(board.entries[0]).toMatchObject({ referrals: 50 })
    expect(board.entries[0].email).toMatch(/^popular\./)

    const all = await app.request('GET', '/admin/waitlist/leaderboard', { token: full })
    expect(all.body.data.map((line: { product: string }) => line.product)).toEqual([
      'earth-app',
      'publishing',
      'records',
      'studio',
      'universe',
    ])
    const masked = await app.request('GET', '/admin/waitlist/leaderboard', { token: demo })
    expect(masked.status).toBe(200)
    expect(JSON.stringify(masked.body)).not.toContain(board.entries[0].email)
    const list = await app.request('GET', '/admin/waitlist?product=earth-app', { token: demo })
    for (const row of list.body.data) expect(row.referralCode).toBe('•••')
  })

  it('the CSV export carries position, referrals, code, referrer and confirmation', async () => {
    const res = await app.request('GET', '/admin/waitlist/export?product=earth-app', {
      token: full,
    })
    expect(res.status).toBe(200)
    const [header, ...rows] = res.text
      .trim()
      .split('\r\n')
      .map((line) => line.split(','))
    for (const column of ['position', 'referrals', 'referralCode', 'referredById', 'confirmedAt'])
      expect(header).toContain(column)
    const at = (name: string) => header.indexOf(name)
    const popular = rows.find((row) => row[at('email')].startsWith('popular.'))!
    expect(popular[at('referrals')]).toBe('50')
    const referred = rows.filter((row) => row[at('referredById')] === popular[at('id')])
    expect(referred).toHaveLength(50)
    for (const row of referred) expect(row[at('confirmedAt')]).not.toBe('')
  })

  it("one person's export has the referral code and no token; erasing a referrer unlinks referrals", async () => {
    const email = uniqueEmail('erased')
    expect((await join('publishing', email)).status).toBe(201)
    const code = (await entryOf(email, 'publishing')).referral_code
    const friendEmail = uniqueEmail('kept')
    await join('publishing', friendEmail, code)
    const person = await app.request('GET', `/admin/people?email=${encodeURIComponent(email)}`, {
      token: full,
    })
    expect(person.status, person.text).toBe(200)
    const [entry] = person.body.records['waitlist-entries']
    expect(entry.referralCode).toBe(code)
    expect(entry).not.toHaveProperty('confirmToken')
    expect(entry).not.toHaveProperty('statusToken')

    const erased = await app.request('DELETE', `/admin/people?email=${encodeURIComponent(email)}`, {
      token: full,
    })
    expect(erased.status, erased.text).toBe(200)
    expect(await entryOf(email, 'publishing')).toBeUndefined()
    expect((await entryOf(friendEmail, 'publishing')).referred_by_id).toBeNull()
  })
})

describe('status page reader', () => {
  it('shows a confirmed person their place and counted referrals; an unknown token is refused', async () => {
    const email = uniqueEmail('status')
    await join('universe', email)
    const row = await entryOf(email, 'universe')
    await confirm(row.id)
    const messageId = await messageIdOf(row.id)
    const status = await readWaitlistStatus(app.payload, waitlistStatusToken(messageId))
    const line = await adminLine('universe')
    expect(status).toMatchObject({
      confirmed: true,
      position: line.get(email)!.position,
      total: line.size,
      referrals: 0,
      placesPerReferral: 1,
    })
    await expect(readWaitlistStatus(app.payload, 'x'.repeat(43))).rejects.toMatchObject({
      status: 400,
    })
  })
})

describe('places per referral', () => {
  it('only a full admin changes them: an editor saving the settings leaves them as they were', async () => {
    const editor = await app.createUser('referrals-editor', 'editor')
    const places = async () =>
      (await app.payload.findGlobal({ slug: 'site-settings', depth: 0 })).referralPlaces
    const before = await places()
    const edited = await app.request('POST', '/globals/site-settings', {
      token: editor,
      body: { shopDescription: 'Edited', referralPlaces: { ...before, records: 9 } },
    })
    expect(edited.status, edited.text).toBe(200)
    expect(await places()).toEqual(before)
    const changed = await app.request('POST', '/globals/site-settings', {
      token: full,
      body: { referralPlaces: { ...before, records: 3 } },
    })
    expect(changed.status, changed.text).toBe(200)
    expect((await places())?.records).toBe(3)
    const refused = await app.request('POST', '/globals/site-settings', {
      token: full,
      body: { referralPlaces: { ...before, records: -1 } },
    })
    expect(refused.status).toBe(400)
  })
})

describe('migration', () => {
  it('gives every entry that joined before referrals a code of its own', async () => {
    const migration = await import('@/migrations/20261125_080442_waitlist_referrals')
    // The later migrations that depend on its columns (the index of the line it replaced, the
    // referral counts' triggers and the one trigger that now moves them on insert) go back first,
    // and forward last.
    const lineIndex = await import('@/migrations/20261125_090141_waitlist_line_index')
    const counters = await import('@/migrations/20261206_233132_admin_counters')
    const oneTrigger = await import('@/migrations/20261207_021000_waitlist_counters_one_trigger')
    const args = {
      db: app.payload.db.drizzle,
      payload: app.payload,
      req: {},
    } as unknown as Parameters<typeof migration.up>[0]
    await oneTrigger.down(args)
    await counters.down(args)
    await lineIndex.down(args)
    await migration.down(args)
    await app.payload.db.drizzle.execute(sql`
      INSERT INTO waitlist_entries (email, name, product, status, joined_at)
      SELECT 'before' || n || '@example.com', 'Before', 'records', 'inactive', now()
      FROM generate_series(1, 1500) AS n`)
    await migration.up(args)
    await lineIndex.up(args)
    await counters.up(args)
    await oneTrigger.up(args)
    const { rows } = await app.payload.db.drizzle.execute(sql`
      SELECT count(*)::int AS total, count(DISTINCT referral_code)::int AS codes,
        count(*) FILTER (WHERE referral_code ~ '^[A-Za-z0-9]{10}$')::int AS wellformed
      FROM waitlist_entries`)
    const counts = rows[0] as { total: number; codes: number; wellformed: number }
    expect(counts.total).toBeGreaterThan(1500)
    expect(counts).toEqual({ total: counts.total, codes: counts.total, wellformed: counts.total })
  })
})
