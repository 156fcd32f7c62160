/**
 * Events that arrive while a retried write is under way are written after it, without waiting for
 * another event to schedule a flush (on a quiet site that could be never). The write is held by a
 * table lock, made to fail once by ending its connection, and held again while it is retried.
 */
import pg from 'pg'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'

import { startApp, type TestApp } from '../helpers/app'

let app: TestApp
let locker: pg.Client
let admin: pg.Client
beforeAll(async () => {
  app = await startApp()
  locker = new pg.Client({ connectionString: process.env.DATABASE_URL })
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await Promise.all([locker.connect(), admin.connect()])
})
afterAll(async () => {
  await Promise.allSettled([locker?.end(), admin?.end()])
  await app?.close()
})

const track = (label: string) =>
  app.request('POST', '/analytics/track', {
    body: { action: 'click', category: 'navigation', label, page: '/' },
  })

/** The backend of the analytics insert waiting for the table lock, if one waits. */
const waitingInsert = async () => {
  const result = await admin.query(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database()
       AND wait_event_type = 'Lock' AND query ILIKE 'insert into "analytics_events"%'`,
  )
  return (result.rows[0] as { pid: number } | undefined)?.pid
}

const stored = async (label: string) =>
  (await app.payload.count({ collection: 'analytics-events', where: { label: { equals: label } } }))
    .totalDocs

it('writes the events that arrived during a retried write once it succeeds, with no further event', async () => {
  const label = `retry-${Date.now()}`
  const warn = vi.spyOn(app.payload.logger, 'warn')
  await locker.query('BEGIN')
  await locker.query('LOCK TABLE analytics_events IN ACCESS EXCLUSIVE MODE')

  expect((await track(`${label}-first`)).status).toBe(201)
  await expect.poll(waitingInsert, { timeout: 10_000 }).toBeDefined()
  const firstPid = await waitingInsert()
  await admin.query(`SELECT pg_terminate_backend(${firstPid})`)
  await expect
    .poll(() =>
      warn.mock.calls.some(([entry]) =>
        (entry as { msg?: string }).msg?.startsWith('analytics flush failed'),
      ),
    )
    .toBe(true)
  warn.mockRestore()

  // The retry is under way (held by the lock) when the next event arrives.
  await expect
    .poll(async () => (await waitingInsert()) ?? firstPid, { timeout: 15_000 })
    .not.toBe(firstPid)
  expect((await track(`${label}-during`)).status).toBe(201)
  await locker.query('ROLLBACK')

  await expect.poll(() => stored(`${label}-first`), { timeout: 15_000 }).toBe(1)
  await expect.poll(() => stored(`${label}-during`), { timeout: 15_000 }).toBe(1)
})
