/**
 * Faults on a real PostgreSQL server: connections terminated under load. A 201 means committed:
 * every acknowledged signup has its row and its consent; nothing answers 500; the app serves again
 * by itself and no connection is leaked.
 */
import { sql } from '@payloadcms/db-postgres/drizzle'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { adminQuery } from '../helpers/database'
import { randomIp, startApp, type TestApp, uniqueEmail } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(async () => app?.close())

type Pool = {
  totalCount: number
  idleCount: number
  waitingCount: number
  options: { max: number }
  on: (event: 'acquire' | 'release', listener: () => void) => void
  off: (event: 'acquire' | 'release', listener: () => void) => void
}
const pool = () => (app.payload.db as unknown as { pool: Pool }).pool
const databaseName = () => new URL(process.env.DATABASE_URL as string).pathname.slice(1)

/** Ends every server connection of the app's database (what a failover or a restart does). */
const terminateConnections = () =>
  adminQuery(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${databaseName()}'`,
  )

/** Terminates connections every `everyMs` until the returned function is called. */
const keepTerminating = (everyMs: number) => {
  let running = true
  const loop = (async () => {
    while (running) {
      await terminateConnections().catch(() => undefined)
      await new Promise((resolve) => setTimeout(resolve, everyMs))
    }
  })()
  return async () => {
    running = false
    await loop
  }
}

/**
 * Health checks, one after another, until one answers 200: how many it took (at most `limit`, then
 * `limit + 1`). Once connections are no longer terminated, only connections that were ended before
 * can fail a check (each is dropped from the pool when it fails), so the app recovers by itself
 * within a few checks, however slow the machine.
 */
const HEALTH_CHECKS = 100
const checksUntilHealthy = async (limit = HEALTH_CHECKS) => {
  for (let checks = 1; checks <= limit; checks++) {
    if ((await app.request('GET', '/health')).status === 200) return checks
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return limit + 1
}

const stored = async (table: 'waitlist_entries' | 'consents', emails: string[]) => {
  if (emails.length === 0) return new Set<string>()
  const result = await app.payload.db.drizzle.execute(
    sql`SELECT email FROM ${sql.identifier(table)} WHERE email IN ${emails}`,
  )
  return new Set((result.rows as { email: string }[]).map((row) => row.email))
}

const signupBurst = async (count: number) => {
  const emails = Array.from({ length: count }, () => uniqueEmail('fault'))
  const responses = await Promise.all(
    emails.map((email) =>
      app.request('POST', '/waitlist', {
        body: { email, name: 'Fault Test', product: 'records' },
        ip: randomIp(),
      }),
    ),
  )
  return emails.map((email, i) => ({ email, res: responses[i] }))
}

describe('connections terminated under load', () => {
  it('200 concurrent signups while connections are terminated: every 201 is stored with its consent', async () => {
    const stop = keepTerminating(250)
    const results = await signupBurst(200)
    await stop()

    const statuses = results.map(({ res }) => res.status)
    // Acknowledged or honestly refused (503, retry later); never a 500.
    expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([])
    const refused = results.filter(({ res }) => res.status === 503)
    for (const { res } of refused) expect(res.headers.get('retry-after')).toBeTruthy()

    const acknowledged = results.filter(({ res }) => res.status === 201).map((r) => r.email)
    expect(acknowledged.length).toBeGreaterThan(0)
    const entries = await stored('waitlist_entries', acknowledged)
    const consents = await stored('consents', acknowledged)
    expect(acknowledged.filter((email) => !entries.has(email))).toEqual([])
    expect(acknowledged.filter((email) => !consents.has(email))).toEqual([])

    // A refused signup left nothing half-written: a row without its consent, or the reverse.
    const refusedEmails = refused.map((r) => r.email)
    const refusedEntries = await stored('waitlist_entries', refusedEmails)
    const refusedConsents = await stored('consents', refusedEmails)
    expect([...refusedEntries].sort()).toEqual([...refusedConsents].sort())

    // It serves again by itself, without a restart.
    expect(await checksUntilHealthy()).toBeLessThanOrEqual(HEALTH_CHECKS)
  })

  it('20 rounds of terminated connections leak no pool connection', async () => {
    for (let round = 0; round < 20; round++) {
      const stop = keepTerminating(25)
      await signupBurst(20)
      await stop()
    }
    expect(await checksUntilHealthy()).toBeLessThanOrEqual(HEALTH_CHECKS)
    // Every connection went back to the pool (or was dropped): none is held by a lost request.
    const results = await signupBurst(30)
    expect(results.every(({ res }) => res.status === 201)).toBe(true)
    // Every request has answered; a connection is released right after its last statement.
    await expect.poll(() => pool().idleCount === pool().totalCount, { timeout: 10_000 }).toBe(true)
    const { totalCount, idleCount, waitingCount, options } = pool()
    expect(waitingCount).toBe(0)
    expect(idleCount).toBe(totalCount)
    expect(totalCount).toBeLessThanOrEqual(options.max)
  })

  it("the app's connections run without JIT compilation, whatever the server's default", async () => {
    const rows = await Promise.all(
      Array.from({ length: 3 }, () =>
        app.payload.db.drizzle.execute(sql`SELECT current_setting('jit') AS jit`),
      ),
    )
    expect(rows.map((result) => (result.rows[0] as { jit: string }).jit)).toEqual([
      'off',
      'off',
      'off',
    ])
  })

  it('a crowd of signups leaves the pool to the rest of the site', async () => {
    // 50 concurrent unique signups are written in batches (decision 0275): they hold at most
    // the signup's and the rate limit's connection at once, never the whole pool. Counted from
    // the pool's own events, not sampled, so a busy machine cannot hide it.
    let busy = 0
    let peak = 0
    const acquire = () => {
      busy++
      peak = Math.max(peak, busy)
    }
    const release = () => {
      busy--
    }
    pool().on('acquire', acquire)
    pool().on('release', release)
    try {
      const results = await signupBurst(50)
      expect(results.map(({ res }) => res.status)).toEqual(results.map(() => 201))
    } finally {
      pool().off('acquire', acquire)
      pool().off('release', release)
    }
    expect(peak).toBeGreaterThanOrEqual(1)
    expect(peak).toBeLessThan(pool().options.max)
  })
})
