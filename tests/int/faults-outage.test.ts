/**
 * PostgreSQL stopped under load, then started again: analytics events accepted during the outage
 * are stored once it is back; signups answer 503 with Retry-After meanwhile (never 500), and
 * succeed again afterwards without a restart of the app.
 */
import { ownServer } from '../helpers/own-server'

import { randomBytes } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres/drizzle'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { bufferedAnalyticsRows } from '@/services/analytics/buffer'

import { randomIp, startApp, type TestApp, uniqueEmail } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startApp({ fresh: true })
})
afterAll(async () => {
  await app?.close()
  await ownServer.remove()
})

const run = randomBytes(4).toString('hex')
let sent = 0
const track = () =>
  app.request('POST', '/analytics/track', {
    body: {
      action: 'click',
      category: 'navigation',
      page: '/',
      sessionId: `outage-${run}-${sent++}`,
    },
    ip: randomIp(),
  })

const storedEvents = async () => {
  const result = await app.payload.db.drizzle.execute(
    sql`SELECT count(*)::int AS n FROM analytics_events WHERE session_id LIKE ${`outage-${run}-%`}`,
  )
  return (result.rows[0] as { n: number }).n
}

describe('PostgreSQL stopped and started again', () => {
  it('keeps every accepted analytics event and refuses signups politely while it is down', async () => {
    let accepted = 0
    const load = async (ms: number) => {
      const until = Date.now() + ms
      while (Date.now() < until) {
        const statuses = await Promise.all(Array.from({ length: 10 }, () => track()))
        for (const status of statuses.map((res) => res.status)) {
          expect([201, 503]).toContain(status)
          if (status === 201) accepted++
        }
      }
    }
    await load(500)
    await ownServer.stop()
    await load(2_000)
    const acceptedDuringOutage = accepted
    const signup = await app.request('POST', '/waitlist', {
      body: { email: uniqueEmail('outage'), name: 'Outage', product: 'records' },
      ip: randomIp(),
    })
    expect(signup.status).toBe(503)
    expect(signup.headers.get('retry-after')).toBeTruthy()
    expect(signup.body.message).toMatch(/temporarily unavailable/)
    expect((await app.request('GET', '/health')).status).toBe(503)
    expect(bufferedAnalyticsRows()).toBeGreaterThan(0) // held in memory, not dropped

    await ownServer.start()
    await load(500)
    const deadline = Date.now() + 60_000
    while ((await storedEvents().catch(() => -1)) < accepted && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250))
    expect(acceptedDuringOutage).toBeGreaterThan(0)
    expect(await storedEvents()).toBe(accepted)

    const again = await app.request('POST', '/waitlist', {
      body: { email: uniqueEmail('outage'), name: 'Outage', product: 'records' },
      ip: randomIp(),
    })
    expect(again.status).toBe(201)
  })
})
