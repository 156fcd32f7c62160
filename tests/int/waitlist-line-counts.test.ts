/**
 * The line's counters (decision 0124): whatever writes waitlist entries — signups, Payload's own
 * API, bulk SQL, deletes, a change of product, TRUNCATE — the counters of each product add up to
 * the entries it holds, and an entry's place is read from them.
 */
import { sql } from '@payloadcms/db-postgres/drizzle'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Product } from '@/lib/constants'
import { standingOf } from '@/services/waitlist/line'

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

/** Per product: [entries counted, the counters' sum]. */
const lines = async () =>
  run(sql`
    SELECT p.product, coalesce(e.n, 0)::int AS counted, coalesce(c.n, 0)::int AS kept
    FROM (SELECT product::text FROM waitlist_entries UNION SELECT product FROM waitlist_line_counts) p
    LEFT JOIN (SELECT product::text, count(*) AS n FROM waitlist_entries GROUP BY 1) e USING (product)
    LEFT JOIN (SELECT product, sum(entries) AS n FROM waitlist_line_counts GROUP BY 1) c USING (product)
    ORDER BY 1`)

/** Per product and UTC hour: [entries counted, the hour counters' sum] (decision 0235). */
const hours = async () =>
  run(sql`
    SELECT p.product, p.hour, coalesce(e.n, 0)::int AS counted, coalesce(c.n, 0)::int AS kept
    FROM (SELECT product::text, waitlist_line_hour(joined_at) AS hour FROM waitlist_entries
      UNION SELECT product, hour FROM waitlist_line_hours) p
    LEFT JOIN (SELECT product::text, waitlist_line_hour(joined_at) AS hour, count(*) AS n
      FROM waitlist_entries GROUP BY 1, 2) e USING (product, hour)
    LEFT JOIN (SELECT product, hour, sum(entries) AS n FROM waitlist_line_hours GROUP BY 1, 2) c
      USING (product, hour)`)

const expectCountersHold = async () => {
  const rows = await lines()
  expect(rows.length).toBeGreaterThan(0)
  for (const row of rows) expect(row.kept, String(row.product)).toBe(row.counted)
  for (const row of await hours())
    expect(row.kept, `${String(row.product)} hour ${String(row.hour)}`).toBe(row.counted)
}

const join = (product: string, email = uniqueEmail('counted')) =>
  app.request('POST', '/waitlist', { body: { email, name: 'Vega', product }, ip: randomIp() })

/** A signup's place in its line (the answer tells no place: decision 0163). */
const joinAt = async (product: Product) => {
  const email = uniqueEmail('counted')
  expect((await join(product, email)).status).toBe(201)
  const [entry] = await run(
    sql`SELECT id FROM waitlist_entries WHERE email = ${email} AND product = ${product}`,
  )
  return (await standingOf(app.payload, { id: Number(entry!.id), product })).position
}

describe('waitlist line counters', () => {
  it('one after another, each signup is told the next place in its line', async () => {
    const positions = []
    for (let i = 0; i < 5; i++) positions.push(await joinAt('universe'))
    const before = Number((await lines()).find((row) => row.product === 'universe')?.counted)
    expect(positions).toEqual([1, 2, 3, 4, 5].map((n) => before - 5 + n))
  })

  it('concurrent signups each count once: the counters equal the entries', async () => {
    const responses = await Promise.all(Array.from({ length: 40 }, () => join('studio')))
    expect(responses.map((response) => response.status)).toEqual(Array(40).fill(201))
    await expectCountersHold()
  })

  it('a duplicate signup (answered as a new one) leaves the counters as they were', async () => {
    const email = uniqueEmail('twice')
    expect((await join('records', email)).status).toBe(201)
    const before = await lines()
    expect((await join('records', email)).status).toBe(201)
    expect(await lines()).toEqual(before)
  })

  it("Payload's own create and delete, bulk SQL, a change of product and TRUNCATE move them", async () => {
    const created = await app.payload.create({
      collection: 'waitlist-entries',
      data: { email: uniqueEmail('door'), name: 'Door', product: 'publishing', status: 'inactive' },
    })
    await expectCountersHold()
    await app.payload.update({
      collection: 'waitlist-entries',
      id: created.id,
      data: { product: 'earth-app' },
    })
    await expectCountersHold()
    await app.payload.delete({ collection: 'waitlist-entries', id: created.id })
    await expectCountersHold()

    await run(sql`
      INSERT INTO waitlist_entries (email, name, product, status, joined_at)
      SELECT 'bulk' || i || '@example.com', 'Bulk',
        (ARRAY['earth-app','publishing','records','studio','universe'])[1 + i % 5]::enum_waitlist_entries_product,
        'inactive', now()
      FROM generate_series(1, 1000) i`)
    await expectCountersHold()
    await run(sql`UPDATE waitlist_entries SET product = 'records' WHERE email LIKE 'bulk1%'`)
    await expectCountersHold()
    // A joining time moved to another hour moves its hour's counter.
    await run(sql`UPDATE waitlist_entries SET joined_at = joined_at - interval '3 hours'
      WHERE email LIKE 'bulk2%'`)
    await expectCountersHold()
    await run(sql`DELETE FROM waitlist_entries WHERE email LIKE 'bulk%' AND id % 3 = 0`)
    await expectCountersHold()

    const counted = await lines()
    expect(counted.some((row) => Number(row.counted) > 100)).toBe(true)
    await run(sql`TRUNCATE waitlist_entries CASCADE`)
    expect(await run(sql`SELECT * FROM waitlist_line_counts`)).toEqual([])
    expect(await run(sql`SELECT * FROM waitlist_line_hours`)).toEqual([])
    expect(await joinAt('studio')).toBe(1)
    await expectCountersHold()
  })
})
