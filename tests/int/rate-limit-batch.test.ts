/**
 * Rate-limit counts of concurrent requests are written in batches (services/shared/rate-limit.ts): the
 * same requests are refused as with one statement each, concurrent hits share statements, and a
 * batch whose statement fails settles every request waiting on it.
 */
import { sql } from '@payloadcms/db-postgres/drizzle'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { hashIp } from '@/lib/anonymize'

import { randomIp, startApp, type TestApp, type TestResponse, uniqueEmail } from '../helpers/app'
import { adminQuery } from '../helpers/database'
import { awayFromWindowEdge } from '../helpers/rate-limit'

let app: TestApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(async () => app?.close())

type Pool = {
  on: (event: 'acquire', listener: () => void) => void
  off: (event: 'acquire', listener: () => void) => void
}
const pool = () => (app.payload.db as unknown as { pool: Pool }).pool
const databaseName = () => new URL(process.env.DATABASE_URL as string).pathname.slice(1)

const storedCount = async (route: string, ip: string) => {
  const result = await app.payload.db.drizzle.execute(
    sql`SELECT count FROM rate_limits WHERE key = ${`${route}:${hashIp(ip)}`}`,
  )
  const row = result.rows[0] as { count: string | number } | undefined
  return row === undefined ? undefined : Number(row.count)
}

/** Settles within `ms` or fails the test: a request must never hang. */
const within = <T>(ms: number, promise: Promise<T>) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref(),
    ),
  ])

/** Counted against the limit, then refused as an empty body: no database work past the count. */
const emptySignup = (ip = randomIp()) => app.request('POST', '/newsletter', { body: {}, ip })

describe('rate limits counted in batches', () => {
  it('25 concurrent signups from one address: exactly 10 pass, 15 answer 429, and 25 are counted', async () => {
    await awayFromWindowEdge('newsletter', 10_000)
    const ip = randomIp()
    const responses = await Promise.all(
      Array.from({ length: 25 }, () =>
        app.request('POST', '/newsletter', {
          body: { email: uniqueEmail('burst'), source: 'hero-section' },
          ip,
        }),
      ),
    )
    const limited = responses.filter((res) => res.status === 429)
    const passed = responses.filter((res) => res.status !== 429)
    expect(passed.map((res) => res.status)).toEqual(Array.from({ length: 10 }, () => 201))
    expect(limited).toHaveLength(15)
    for (const res of limited) {
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(res.body.message).toMatch(/Too many requests/)
    }
    expect(await storedCount('newsletter', ip)).toBe(25)
  })

  it('50 concurrent requests from 50 addresses are counted in far fewer than 50 statements', async () => {
    await awayFromWindowEdge('newsletter', 10_000)
    const ips = Array.from({ length: 50 }, () => randomIp())
    // Every statement takes a connection from the pool; an empty body costs no other statement.
    let statements = 0
    const acquire = () => {
      statements++
    }
    pool().on('acquire', acquire)
    let responses: TestResponse[]
    try {
      responses = await Promise.all(ips.map((ip) => emptySignup(ip)))
    } finally {
      pool().off('acquire', acquire)
    }
    expect(responses.map((res) => res.status)).toEqual(ips.map(() => 400))
    expect(statements).toBeGreaterThan(0)
    expect(statements).toBeLessThanOrEqual(10)
    // Each address was counted once, in its own row.
    const counts = await Promise.all(ips.map((ip) => storedCount('newsletter', ip)))
    expect(counts).toEqual(ips.map(() => 1))
  })

  it('a batch statement whose connection is terminated is tried again; terminated each time, all its requests answer 503; the next ones pass', async () => {
    await awayFromWindowEdge('newsletter', 10_000)
    const blockedIp = randomIp()
    expect((await emptySignup(blockedIp)).status).toBe(400)

    // Another session locks the address's counter, so the next batch statement waits in flight.
    const locker = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await locker.connect()
    const lockerPid = (locker as unknown as { processID: number }).processID
    const terminateApp = () =>
      adminQuery(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = '${databaseName()}' AND pid <> ${lockerPid}`,
      )
    try {
      await locker.query('BEGIN')
      await locker.query('SELECT 1 FROM rate_limits WHERE key = $1 FOR UPDATE', [
        `newsletter:${hashIp(blockedIp)}`,
      ])
      const first = [emptySignup(blockedIp), ...Array.from({ length: 9 }, () => emptySignup())]
      let settled = false
      void Promise.all(first).finally(() => {
        settled = true
      })
      const firstTry = await waitForLockWait([])
      if (firstTry === undefined) throw new Error('unreachable: no stop condition')
      const waiting = [firstTry]
      // These gather while the statement is in flight.
      const second = Array.from({ length: 10 }, () => emptySignup())
      // Each time the batch waits on the lock again (on a new connection), terminate it again.
      let terminations = 0
      for (;;) {
        await terminateApp()
        terminations++
        const next = await waitForLockWait(waiting, () => settled)
        if (next === undefined) break
        waiting.push(next)
      }
      // Tried again after the first termination, and given up after a few.
      expect(terminations).toBeGreaterThanOrEqual(2)
      expect(terminations).toBeLessThanOrEqual(3)
      const answers = await within(15_000, Promise.all([...first, ...second]))
      // Refused honestly (503, retry later) or counted and answered; never a 500, never a hang.
      expect(answers.map((res) => res.status).filter((s) => s !== 400 && s !== 503)).toEqual([])
      const [blocked] = answers
      expect(blocked.status).toBe(503)
      expect(blocked.headers.get('retry-after')).toBeTruthy()
      // The whole batch shared the failed statement.
      expect(answers.slice(0, 10).filter((res) => res.status === 503).length).toBeGreaterThan(1)
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined)
      await locker.end()
    }

    const after = await within(15_000, Promise.all(Array.from({ length: 10 }, () => emptySignup())))
    expect(after.map((res) => res.status)).toEqual(after.map(() => 400))
    const ip = randomIp()
    const signup = await within(
      15_000,
      app.request('POST', '/newsletter', {
        body: { email: uniqueEmail('after'), source: 'hero-section' },
        ip,
      }),
    )
    expect(signup.status, signup.text).toBe(201)
    expect(await storedCount('newsletter', ip)).toBe(1)
  })

  it("a count's commit alone does not wait for the disk: the signup's own write does, and no connection keeps the setting", async () => {
    // A trigger records the setting each write to rate_limits runs under: the visitor's count
    // ("newsletter:…") and the signup statement's resend window ("signup-mail:…").
    await app.payload.db.drizzle.execute(
      sql.raw(`
      CREATE TABLE commit_modes (prefix text, mode text);
      CREATE FUNCTION record_commit_mode() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO commit_modes VALUES (split_part(NEW.key, ':', 1), current_setting('synchronous_commit'));
        RETURN NEW;
      END $$;
      CREATE TRIGGER record_commit_mode BEFORE INSERT OR UPDATE ON rate_limits
        FOR EACH ROW EXECUTE FUNCTION record_commit_mode();`),
    )
    // Flushed commits for this database whatever the server's default (a throwaway test cluster
    // runs without them): for new connections, and for those the pool holds already.
    const database = databaseName()
    await adminQuery(`ALTER DATABASE "${database}" SET synchronous_commit = on`)
    const every = pool() as unknown as {
      totalCount: number
      connect: () => Promise<pg.PoolClient>
    }
    const eachConnection = async (run: (client: pg.PoolClient) => Promise<void>) => {
      const clients = await Promise.all(
        Array.from({ length: every.totalCount }, () => every.connect()),
      )
      try {
        for (const client of clients) await run(client)
      } finally {
        for (const client of clients) client.release()
      }
    }
    await eachConnection(async (client) => {
      await client.query('SET synchronous_commit = on')
    })
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          app.request('POST', '/newsletter', {
            body: { email: uniqueEmail('commit') },
            ip: randomIp(),
          }),
        ),
      )
      expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201))
      const modes = (
        await app.payload.db.drizzle.execute(
          sql`SELECT prefix, array_agg(DISTINCT mode) AS modes FROM commit_modes
            WHERE prefix IN ('newsletter', 'signup-mail') GROUP BY prefix ORDER BY prefix`,
        )
      ).rows
      expect(modes).toEqual([
        { prefix: 'newsletter', modes: ['off'] },
        { prefix: 'signup-mail', modes: ['on'] },
      ])
      // Every connection of the pool, held at once: none kept the count's setting.
      await eachConnection(async (client) => {
        expect((await client.query('SHOW synchronous_commit')).rows).toEqual([
          { synchronous_commit: 'on' },
        ])
      })
    } finally {
      await adminQuery(`ALTER DATABASE "${database}" RESET synchronous_commit`)
      await eachConnection(async (client) => {
        await client.query('RESET synchronous_commit')
      })
      await app.payload.db.drizzle.execute(
        sql.raw(`DROP TRIGGER record_commit_mode ON rate_limits;
          DROP FUNCTION record_commit_mode(); DROP TABLE commit_modes;`),
      )
    }
  })
})

/**
 * Waits until a statement of the app (a backend not in `seen`) waits on a row lock: its pid, or
 * undefined once `stop` says so.
 */
const waitForLockWait = async (seen: number[], stop = () => false) => {
  // A bound for a wait that comes within moments, far beyond a busy machine's slowest.
  const deadline = Date.now() + 30_000
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await admin.connect()
  try {
    while (Date.now() < deadline) {
      if (stop()) return undefined
      const result = await admin.query(
        `SELECT pid FROM pg_stat_activity
         WHERE datname = $1 AND wait_event_type = 'Lock' AND query LIKE '%rate_limits%'
           AND NOT (pid = ANY($2::int[]))`,
        [databaseName(), seen],
      )
      const row = result.rows[0] as { pid: number } | undefined
      if (row) return row.pid
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    throw new Error('no rate-limit statement waited on the lock')
  } finally {
    await admin.end()
  }
}
