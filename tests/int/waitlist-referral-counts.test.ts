/**
 * The counts kept by triggers for the admin (decision 0255): whatever writes waitlist entries —
 * signups with a referral code, confirmations one after another or at once, Payload's own API, bulk
 * SQL, a change of status, product or joining time, deleting a referred entry or its referrer,
 * TRUNCATE — the referral counts equal a count(*) of the confirmed entries each referrer referred,
 * per product, and the confirmed entries per product and day of joining a count(*) of them; and
 * whatever writes subscribers, the subscribers per day of subscribing a count(*) of them.
 */
import { sql } from '@payloadcms/db-postgres/drizzle'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Product } from '@/lib/constants'

import { randomIp, startApp, type TestApp, uniqueEmail } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(async () => {
  await app?.close()
})

const run = async (query: ReturnType<typeof sql>) =>
  (await app.payload.db.drizzle.execute(query)).rows as Record<string, unknown>[]

/** Per referrer and product: [confirmed referrals counted, the kept count]. */
const counts = async () =>
  run(sql`
    SELECT p.referrer_id, p.product, coalesce(e.n, 0)::int AS counted, coalesce(c.n, 0)::int AS kept
    FROM (SELECT referred_by_id AS referrer_id, product::text FROM waitlist_entries
        WHERE referred_by_id IS NOT NULL AND confirmed_at IS NOT NULL
      UNION SELECT referrer_id, product FROM waitlist_referral_counts) p
    LEFT JOIN (SELECT referred_by_id AS referrer_id, product::text, count(*) AS n
      FROM waitlist_entries WHERE referred_by_id IS NOT NULL AND confirmed_at IS NOT NULL
      GROUP BY 1, 2) e USING (referrer_id, product)
    LEFT JOIN (SELECT referrer_id, product, referral_count AS n FROM waitlist_referral_counts) c
      USING (referrer_id, product)
    ORDER BY 1, 2`)

/** Confirmed entries per product and UTC day of joining: counted, kept. */
const confirmedDays = async () =>
  run(sql`
    SELECT p.product, p.day, coalesce(e.n, 0)::int AS counted, coalesce(c.n, 0)::int AS kept
    FROM (SELECT product::text, (joined_at AT TIME ZONE 'UTC')::date AS day FROM waitlist_entries
        WHERE joined_at IS NOT NULL AND confirmed_at IS NOT NULL
      UNION SELECT product, joined_day FROM waitlist_confirmed_days) p
    LEFT JOIN (SELECT product::text, (joined_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n
      FROM waitlist_entries WHERE joined_at IS NOT NULL AND confirmed_at IS NOT NULL
      GROUP BY 1, 2) e USING (product, day)
    LEFT JOIN (SELECT product, joined_day AS day, sum(entries) AS n FROM waitlist_confirmed_days
      GROUP BY 1, 2) c
      USING (product, day)`)

/** Subscribers per UTC day of subscribing (infinity: no date): counted, kept. */
const subscriberDays = async () =>
  run(sql`
    SELECT p.day, coalesce(e.n, 0)::int AS counted, coalesce(c.n, 0)::int AS kept
    FROM (SELECT newsletter_subscriber_day(subscribed_at) AS day FROM newsletter_subscribers
      UNION SELECT subscribed_day FROM newsletter_subscriber_days) p
    LEFT JOIN (SELECT newsletter_subscriber_day(subscribed_at) AS day, count(*) AS n
      FROM newsletter_subscribers GROUP BY 1) e USING (day)
    LEFT JOIN (SELECT subscribed_day AS day, sum(subscribers) AS n FROM newsletter_subscriber_days
      GROUP BY 1) c
      USING (day)`)

const expectDaysHold = async () => {
  for (const row of await confirmedDays())
    expect(row.kept, `${String(row.product)} ${String(row.day)}`).toBe(row.counted)
  for (const row of await subscriberDays()) expect(row.kept, String(row.day)).toBe(row.counted)
}

const expectCountsHold = async () => {
  await expectDaysHold()
  const rows = await counts()
  for (const row of rows)
    expect(row.kept, `referrer ${String(row.referrer_id)} ${String(row.product)}`).toBe(row.counted)
  // No count is kept at zero.
  expect(await run(sql`SELECT * FROM waitlist_referral_counts WHERE referral_count <= 0`)).toEqual(
    [],
  )
  return rows
}

const join = (product: Product, ref?: string, email = uniqueEmail('referred')) =>
  app.request('POST', '/waitlist', {
    body: { email, name: 'Vega', product, ...(ref ? { ref } : {}) },
    ip: randomIp(),
  })

const entryOf = async (email: string, product: Product) =>
  (
    await run(sql`SELECT id, referral_code FROM waitlist_entries
      WHERE email = ${email} AND product = ${product}`)
  )[0] as { id: number; referral_code: string }

/** A referrer: an entry of `product` with its code. */
const referrer = async (product: Product) => {
  const email = uniqueEmail('referrer')
  expect((await join(product, undefined, email)).status).toBe(201)
  return entryOf(email, product)
}

const referredBy = (id: number) =>
  run(sql`SELECT id FROM waitlist_entries WHERE referred_by_id = ${id} ORDER BY id`)

const keptFor = async (id: number, product: Product) =>
  Number(
    (
      await run(sql`SELECT referral_count AS referrals FROM waitlist_referral_counts
        WHERE referrer_id = ${id} AND product = ${product}`)
    )[0]?.referrals ?? 0,
  )

describe('kept referral counts', () => {
  it('concurrent signups with one code count nothing until confirmed; concurrent confirmations each count once', async () => {
    const host = await referrer('studio')
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => join('studio', host.referral_code)),
    )
    expect(responses.map((response) => response.status)).toEqual(Array(30).fill(201))
    const referred = await referredBy(host.id)
    expect(referred).toHaveLength(30)
    expect(await keptFor(host.id, 'studio')).toBe(0)
    await expectCountsHold()

    // Each confirmation its own statement on its own connection, all at once.
    await Promise.all(
      referred.map((row) =>
        run(sql`UPDATE waitlist_entries SET confirmed_at = now()
          WHERE id = ${Number(row.id)} AND confirmed_at IS NULL`),
      ),
    )
    expect(await keptFor(host.id, 'studio')).toBe(30)
    await expectCountsHold()
  })

  it('a change of status or name moves nothing; a change of product, referrer or confirmation does', async () => {
    const host = await referrer('records')
    const other = await referrer('records')
    for (let i = 0; i < 4; i++) expect((await join('records', host.referral_code)).status).toBe(201)
    const ids = (await referredBy(host.id)).map((row) => Number(row.id))
    await run(sql`UPDATE waitlist_entries SET confirmed_at = now() WHERE id IN ${ids}`)
    expect(await keptFor(host.id, 'records')).toBe(4)

    await app.payload.update({
      collection: 'waitlist-entries',
      id: ids[0],
      data: { status: 'active', name: 'Renamed' },
    })
    expect(await keptFor(host.id, 'records')).toBe(4)
    await app.payload.update({
      collection: 'waitlist-entries',
      id: ids[0],
      data: { product: 'universe' },
    })
    expect(await keptFor(host.id, 'records')).toBe(3)
    expect(await keptFor(host.id, 'universe')).toBe(1)
    await run(sql`UPDATE waitlist_entries SET referred_by_id = ${other.id} WHERE id = ${ids[1]}`)
    expect(await keptFor(host.id, 'records')).toBe(2)
    expect(await keptFor(other.id, 'records')).toBe(1)
    await run(sql`UPDATE waitlist_entries SET confirmed_at = NULL WHERE id = ${ids[2]}`)
    expect(await keptFor(host.id, 'records')).toBe(1)
    await expectCountsHold()

    // A referrer's new joining time follows into its counts (the board's order among equals).
    await run(sql`UPDATE waitlist_entries SET joined_at = joined_at - interval '2 days'
      WHERE id IN (${host.id}, ${ids[1]})`)
    expect(
      await run(sql`SELECT c.referrer_id FROM waitlist_referral_counts c
        JOIN waitlist_entries r ON r.id = c.referrer_id
        WHERE c.referrer_joined_at IS DISTINCT FROM r.joined_at`),
    ).toEqual([])
    await expectCountsHold()

    // Deleting a referred entry, then the referrer (its referrals lose their referrer).
    await app.payload.delete({ collection: 'waitlist-entries', id: ids[3] })
    expect(await keptFor(host.id, 'records')).toBe(0)
    await app.payload.delete({ collection: 'waitlist-entries', id: other.id })
    expect(await keptFor(other.id, 'records')).toBe(0)
    await expectCountsHold()
  })

  it('bulk SQL inserts, updates, deletes and TRUNCATE keep them equal', async () => {
    const hosts = await Promise.all([referrer('publishing'), referrer('earth-app')])
    await run(sql`
      INSERT INTO waitlist_entries (email, name, product, status, joined_at, referred_by_id, confirmed_at)
      SELECT 'bulkref' || i || '@example.com', 'Bulk',
        (ARRAY['publishing','earth-app'])[1 + i % 2]::enum_waitlist_entries_product, 'inactive', now(),
        (ARRAY[${hosts[0].id}::int, ${hosts[1].id}::int])[1 + i % 2],
        CASE WHEN i % 3 <> 0 THEN now() END
      FROM generate_series(1, 600) i`)
    const rows = await expectCountsHold()
    expect(rows.some((row) => Number(row.counted) === 200)).toBe(true)
    await run(sql`UPDATE waitlist_entries SET confirmed_at = now() WHERE email LIKE 'bulkref1%'`)
    await expectCountsHold()
    await run(sql`UPDATE waitlist_entries SET product = 'studio' WHERE email LIKE 'bulkref2%'`)
    await expectCountsHold()
    await run(sql`DELETE FROM waitlist_entries WHERE email LIKE 'bulkref%' AND id % 4 = 0`)
    await expectCountsHold()
    // A referrer and its referrals deleted in one statement.
    await run(sql`DELETE FROM waitlist_entries WHERE id = ${hosts[0].id}
      OR (referred_by_id = ${hosts[0].id} AND id % 2 = 0)`)
    await expectCountsHold()

    await run(sql`TRUNCATE waitlist_entries CASCADE`)
    expect(await run(sql`SELECT * FROM waitlist_referral_counts`)).toEqual([])
    const host = await referrer('studio')
    expect((await join('studio', host.referral_code)).status).toBe(201)
    await run(
      sql`UPDATE waitlist_entries SET confirmed_at = now() WHERE referred_by_id = ${host.id}`,
    )
    expect(await keptFor(host.id, 'studio')).toBe(1)
    await expectCountsHold()
  })
})

describe('kept subscriber days', () => {
  const subscribe = (email = uniqueEmail('reader')) =>
    app.request('POST', '/newsletter', { body: { email, firstName: 'Nia' }, ip: randomIp() })

  it("concurrent subscriptions, Payload's writes, bulk SQL, deletes and TRUNCATE keep them equal", async () => {
    const responses = await Promise.all(Array.from({ length: 30 }, () => subscribe()))
    expect(responses.every((response) => response.status < 300)).toBe(true)
    await expectDaysHold()
    const created = await app.payload.create({
      collection: 'newsletter-subscribers',
      data: { email: uniqueEmail('door'), subscribedAt: '2026-01-02T23:30:00.000Z' },
    })
    await expectDaysHold()
    await app.payload.update({
      collection: 'newsletter-subscribers',
      id: created.id,
      data: { subscribedAt: '2026-01-03T00:30:00.000Z' },
    })
    await expectDaysHold()
    await app.payload.delete({ collection: 'newsletter-subscribers', id: created.id })
    await expectDaysHold()
    await run(sql`
      INSERT INTO newsletter_subscribers (email, subscribed_at)
      SELECT 'bulkreader' || i || '@example.com',
        CASE WHEN i % 5 <> 0 THEN now() - make_interval(hours => i) END
      FROM generate_series(1, 500) i`)
    await expectDaysHold()
    await run(sql`UPDATE newsletter_subscribers SET subscribed_at = now()
      WHERE email LIKE 'bulkreader1%'`)
    await run(sql`UPDATE newsletter_subscribers SET subscribed_at = NULL
      WHERE email LIKE 'bulkreader2%'`)
    await expectDaysHold()
    await run(sql`DELETE FROM newsletter_subscribers WHERE email LIKE 'bulkreader%' AND id % 3 = 0`)
    await expectDaysHold()
    const kept = await run(sql`SELECT sum(subscribers)::int AS n FROM newsletter_subscriber_days`)
    const counted = await run(sql`SELECT count(*)::int AS n FROM newsletter_subscribers`)
    expect(kept).toEqual(counted)
    await run(sql`TRUNCATE newsletter_subscribers CASCADE`)
    expect(await run(sql`SELECT * FROM newsletter_subscriber_days`)).toEqual([])
    expect((await subscribe()).status).toBeLessThan(300)
    await expectDaysHold()
  })
})
