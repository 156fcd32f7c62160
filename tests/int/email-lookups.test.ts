/**
 * Every lookup by email on the signup path uses an index: with 10,000 rows in each table an
 * address is queried, no signup adds a sequential scan of a table that holds them.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { randomIp, startApp, type TestApp, uniqueEmail } from '../helpers/app'
import { flushStatistics, seqScans } from '../helpers/seq-scans'

let app: TestApp
let admin: pg.Client
beforeAll(async () => {
  app = await startApp()
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await admin.connect()
})
afterAll(async () => {
  await admin?.end()
  await app?.close()
})

const ROWS = 10_000
const TABLES = [
  'newsletter_subscribers',
  'waitlist_entries',
  'email_preferences',
  'email_suppressions',
  'consents',
]

describe('email lookups at 10,000 rows', () => {
  it('signups add no sequential scan of the tables they look addresses up in', async () => {
    await admin.query(`
      INSERT INTO newsletter_subscribers (email, subscribed_at, double_opt_in_confirmed, unsubscribe_token)
        SELECT 'reader' || i || '@example.com', now(), true, 'token-' || i FROM generate_series(1, ${ROWS}) i
        ON CONFLICT DO NOTHING;
      INSERT INTO waitlist_entries (email, name, product, status, joined_at)
        SELECT 'person' || i || '@example.com', 'Person', 'records', 'inactive', now() FROM generate_series(1, ${ROWS}) i
        ON CONFLICT DO NOTHING;
      INSERT INTO email_preferences (email, unsubscribe_token)
        SELECT 'reader' || i || '@example.com', 'pref-' || i FROM generate_series(1, ${ROWS}) i
        ON CONFLICT DO NOTHING;
      INSERT INTO email_suppressions (email, suppression_type, is_active)
        SELECT 'gone' || i || '@example.com', 'hard_bounce', true FROM generate_series(1, ${ROWS}) i
        ON CONFLICT DO NOTHING;
      INSERT INTO consents (email, consent_type, granted_at)
        SELECT 'person' || i || '@example.com', 'waitlist', now() FROM generate_series(1, ${ROWS}) i
        ON CONFLICT DO NOTHING;
    `)
    // Vacuumed and analysed as autovacuum keeps a live table, so the planner knows the sizes. A
    // waitlist signup reads its place from the line's counters, never counting the line (0124).
    await admin.query(`VACUUM ANALYZE ${TABLES.join(', ')}`)
    const before = await seqScans(admin, TABLES)

    const email = uniqueEmail('lookup')
    const signups = [
      ['/newsletter', { email }],
      ['/newsletter', { email }], // the same address again: found by its lookup
      ['/waitlist', { email, name: 'Lookup', product: 'records' }],
      ['/newsletter', { email: 'Reader77@Example.com' }], // a confirmed subscriber, any case
    ] as const
    const statuses = []
    for (const [path, body] of signups)
      statuses.push((await app.request('POST', path, { body, ip: randomIp() })).status)
    expect(statuses).toEqual([201, 201, 201, 201])

    await flushStatistics(admin)
    const after = await seqScans(admin, TABLES)
    const added = Object.fromEntries(TABLES.map((table) => [table, after[table] - before[table]]))
    expect(added).toEqual(Object.fromEntries(TABLES.map((table) => [table, 0])))
  })
})
