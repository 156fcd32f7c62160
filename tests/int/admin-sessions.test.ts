/**
 * Sessions a person can manage (decisions 0215 and 0216): the idle and absolute limits at every
 * door, last use written at most once a minute, the list of one's sessions, and who may end which.
 * Time moves by writing a session's stored times back: no test waits.
 */
import { randomBytes } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres/drizzle'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { upsertUser } from '@/seed/admin'

import { startApp, type TestApp } from '../helpers/app'
import { secondFactorFor } from '../helpers/second-factor'

let app: TestApp
const PASSWORD = 'sessions-first-lantern-41'
const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const LINUX_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'

beforeAll(async () => {
  app = await startApp()
  // Counts every write of a last use (a test-only trigger on this file's own database).
  await app.payload.db.drizzle.execute(
    sql.raw(`
    CREATE TABLE last_seen_writes (session_id text, at timestamptz DEFAULT clock_timestamp());
    CREATE FUNCTION count_last_seen_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO last_seen_writes (session_id) VALUES (NEW.session_id); RETURN NEW; END $$;
    CREATE TRIGGER count_last_seen_write AFTER UPDATE ON user_session_activity
      FOR EACH ROW EXECUTE FUNCTION count_last_seen_write();`),
  )
}, 60_000)
afterAll(async () => app?.close())

type Level = 'full' | 'editor' | 'demo'

/** A user of this test's own, with its id. */
const newUser = async (level: Level) => {
  const username = `sess-${level}-${randomBytes(4).toString('hex')}`
  await upsertUser(app.payload, username, PASSWORD, level)
  const found = await app.payload.find({
    collection: 'users',
    where: { username: { equals: username } },
    depth: 0,
  })
  return { username, id: found.docs[0]!.id }
}

/** Signs in from a browser at an address; the token's session id with it. */
const signIn = async (username: string, userAgent = MAC_CHROME, ip = '203.0.113.77') => {
  // A full admin's sign-in takes a second factor (decision 0210): a recovery code of the account.
  const secondFactor = await secondFactorFor(app.payload, username)
  const res = await app.request('POST', '/users/login', {
    body: { username, password: PASSWORD, ...(secondFactor ? { secondFactor } : {}) },
    headers: { 'user-agent': userAgent },
    ip,
  })
  expect(res.status, res.text).toBe(200)
  const token = res.body.token as string
  const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string
  return { token, sid }
}

const as = (
  token: string,
  method: string,
  path: string,
  { userAgent = MAC_CHROME, ip = '203.0.113.77' } = {},
) => app.request(method, path, { token, ip, headers: { 'user-agent': userAgent } })

const db = (query: ReturnType<typeof sql>) => app.payload.db.drizzle.execute(query)

/** Moves a session's last use (and, with `signedIn`, its sign-in) `seconds` into the past. */
const age = async (sid: string, seconds: number, { signedIn = false } = {}) => {
  await db(sql`UPDATE user_session_activity
    SET last_seen_at = last_seen_at - make_interval(secs => ${seconds}) WHERE session_id = ${sid}`)
  if (signedIn)
    await db(sql`UPDATE users_sessions
      SET created_at = created_at - make_interval(secs => ${seconds}) WHERE id = ${sid}`)
}

const sessionExists = async (sid: string) =>
  (await db(sql`SELECT 1 FROM users_sessions WHERE id = ${sid}`)).rows.length === 1

const lastSeen = async (sid: string) => {
  const { rows } = await db(
    sql`SELECT last_seen_at AS at FROM user_session_activity WHERE session_id = ${sid}`,
  )
  return rows[0] ? new Date((rows[0] as { at: string }).at) : undefined
}

const writesOf = async (sid: string) =>
  Number(
    (
      (await db(sql`SELECT count(*) AS n FROM last_seen_writes WHERE session_id = ${sid}`))
        .rows[0] as { n: string }
    ).n,
  )

const IDLE_SECONDS = 31 * 60

/** Each door a signed-in request can come through, and how it tells a person from no one. */
const DOORS: [name: string, signedIn: (token: string) => Promise<boolean>][] = [
  [
    'REST (a collection)',
    async (token) => (await as(token, 'GET', '/waitlist-entries?limit=1')).status === 200,
  ],
  ['REST (/users/me)', async (token) => Boolean((await as(token, 'GET', '/users/me')).body?.user)],
  [
    'REST (refresh-token)',
    async (token) => (await as(token, 'POST', '/users/refresh-token')).status === 200,
  ],
  [
    'the admin API (/api/admin)',
    async (token) => (await as(token, 'GET', '/admin/overview')).status === 200,
  ],
  [
    // The admin's views authenticate each page with payload.auth on the request's cookie.
    'the admin views (cookie)',
    async (token) =>
      Boolean(
        (
          await app.payload.auth({
            headers: new Headers({
              cookie: `payload-token=${token}`,
              'sec-fetch-site': 'same-origin',
              'user-agent': MAC_CHROME,
            }),
          })
        ).user,
      ),
  ],
]

describe('a session left idle', () => {
  it.each(DOORS)('ends past the idle timeout at %s, and stays ended', async (_door, signedIn) => {
    const { username } = await newUser('full')
    const { token, sid } = await signIn(username)
    expect(await signedIn(token)).toBe(true)
    await age(sid, 29 * 60)
    expect(await signedIn(token)).toBe(true)
    await age(sid, IDLE_SECONDS)
    expect(await signedIn(token)).toBe(false)
    expect(await sessionExists(sid)).toBe(false)
    // Ended for good: no door lets it back in.
    expect((await as(token, 'GET', '/users/me')).body.user).toBeNull()
    expect((await as(token, 'POST', '/users/refresh-token')).status).toBeGreaterThanOrEqual(400)
  })

  it('GraphQL is closed to everyone, signed in or not', async () => {
    const { username } = await newUser('full')
    const { token } = await signIn(username)
    const res = await app.request('POST', '/graphql', { token, body: { query: '{ __typename }' } })
    expect(res.status).toBe(404)
  })

  it('counts from the sign-in when the session was never used', async () => {
    const { username } = await newUser('editor')
    const fresh = await signIn(username)
    const unused = await signIn(username)
    await db(sql`UPDATE users_sessions SET created_at = created_at - interval '31 minutes'
      WHERE id IN (${fresh.sid}, ${unused.sid})`)
    expect((await as(unused.token, 'GET', '/users/me')).body.user).toBeNull()
    // Used once within the window, the same age is no problem (it counts from the last use).
    const used = await signIn(username)
    expect((await as(used.token, 'GET', '/users/me')).body.user?.username).toBe(username)
    await db(sql`UPDATE users_sessions SET created_at = created_at - interval '29 minutes'
      WHERE id = ${used.sid}`)
    expect((await as(used.token, 'GET', '/users/me')).body.user?.username).toBe(username)
  })

  it('ends at the absolute limit after sign-in, however often it was used and refreshed', async () => {
    const { username } = await newUser('full')
    const { token, sid } = await signIn(username)
    const refreshed = await as(token, 'POST', '/users/refresh-token')
    expect(refreshed.status, refreshed.text).toBe(200)
    const newToken = refreshed.body.refreshedToken as string
    // Seven hours and 59 minutes after sign-in, just used: still on.
    await age(sid, 7 * 3600 + 59 * 60, { signedIn: true })
    await db(sql`UPDATE user_session_activity SET last_seen_at = now() WHERE session_id = ${sid}`)
    expect((await as(newToken, 'GET', '/users/me')).body.user?.username).toBe(username)
    await age(sid, 2 * 60, { signedIn: true })
    await db(sql`UPDATE user_session_activity SET last_seen_at = now() WHERE session_id = ${sid}`)
    expect((await as(newToken, 'GET', '/users/me')).body.user).toBeNull()
    expect(await sessionExists(sid)).toBe(false)
  })
})

describe('last use', () => {
  it('is written at most once a minute per session, whatever the number of requests', async () => {
    const { username } = await newUser('full')
    const { token, sid } = await signIn(username)
    expect((await as(token, 'GET', '/users/me')).status).toBe(200)
    const first = await lastSeen(sid)
    expect(first).toBeDefined()
    const firstVersion = (
      await db(sql`SELECT xmin::text AS v FROM user_session_activity WHERE session_id = ${sid}`)
    ).rows[0]

    // Twenty requests within the minute, ten of them at once: nothing written, nothing locked.
    await Promise.all(Array.from({ length: 10 }, () => as(token, 'GET', '/users/me')))
    for (let n = 0; n < 10; n++) await as(token, 'GET', '/admin/overview')
    expect(await writesOf(sid)).toBe(0)
    expect(await lastSeen(sid)).toEqual(first)
    const { rows } = await db(
      sql`SELECT xmin::text AS v, xmax::text AS x FROM user_session_activity WHERE session_id = ${sid}`,
    )
    expect(rows[0]).toEqual({ ...firstVersion, x: '0' })

    // A minute later, ten requests at once write it once.
    await age(sid, 61)
    const before = await writesOf(sid)
    await Promise.all(Array.from({ length: 10 }, () => as(token, 'GET', '/users/me')))
    expect((await writesOf(sid)) - before).toBe(1)
    const second = await lastSeen(sid)
    expect(second!.getTime()).toBeGreaterThan(first!.getTime() - 61_000)
    expect(second!.getTime()).toBeGreaterThanOrEqual(first!.getTime())
    // And nothing more within the next minute.
    await as(token, 'GET', '/users/me')
    expect((await writesOf(sid)) - before).toBe(1)
  })
})

type Listed = {
  id: string
  browser: string
  network: string | null
  signedInAt: string
  lastSeenAt: string
  current: boolean
}
const listOf = async (token: string, userId: number) => {
  const res = await as(token, 'GET', `/admin/users/${userId}/sessions`)
  expect(res.status, res.text).toBe(200)
  return res.body.sessions as Listed[]
}

describe('the list of one’s sessions', () => {
  it('shows each session’s sign-in, last use, browser and network, and marks the current one', async () => {
    const { username, id } = await newUser('editor')
    const mac = await signIn(username)
    const linux = await signIn(username, LINUX_FIREFOX, '2001:db8:abcd:12::1')
    const used = await as(linux.token, 'GET', '/users/me', {
      userAgent: LINUX_FIREFOX,
      ip: '2001:db8:abcd:12::1',
    })
    expect(used.body.user?.username).toBe(username)

    const res = await as(mac.token, 'GET', `/admin/users/${id}/sessions`)
    expect(res.status, res.text).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const sessions = res.body.sessions as Listed[]
    expect(sessions.map(({ id: sid }) => sid).sort()).toEqual([mac.sid, linux.sid].sort())
    const current = sessions.find(({ id: sid }) => sid === mac.sid)!
    const other = sessions.find(({ id: sid }) => sid === linux.sid)!
    expect(current).toMatchObject({
      browser: 'Chrome on macOS',
      network: '203.0.113.0/24',
      current: true,
    })
    expect(other).toMatchObject({
      browser: 'Firefox on Linux',
      network: '2001:db8:abcd::/48',
      current: false,
    })
    for (const session of sessions) {
      expect(Date.now() - Date.parse(session.signedInAt)).toBeLessThan(10 * 60_000)
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.signedInAt))
    }
    // The network only: the full address is stored nowhere and shown nowhere.
    expect(res.text).not.toContain('203.0.113.77')
    expect(res.text).not.toContain('12::1')
    const stored = await db(sql`SELECT network FROM user_session_activity WHERE user_id = ${id}`)
    expect(JSON.stringify(stored.rows)).not.toContain('203.0.113.77')

    // An idle session is not listed (and is ended).
    await age(linux.sid, IDLE_SECONDS)
    expect((await listOf(mac.token, id)).map(({ id: sid }) => sid)).toEqual([mac.sid])
    expect(await sessionExists(linux.sid)).toBe(false)
  })

  it('signs out one session: it stops working at once, the others go on', async () => {
    const { username, id } = await newUser('demo')
    const mine = await signIn(username)
    const other = await signIn(username, LINUX_FIREFOX)
    const res = await as(mine.token, 'DELETE', `/admin/users/${id}/sessions/${other.sid}`)
    expect(res.status, res.text).toBe(200)
    expect(res.body).toEqual({ ended: 1 })
    expect((await as(other.token, 'GET', '/users/me')).body.user).toBeNull()
    expect((await as(other.token, 'GET', `/admin/users/${id}/sessions`)).status).toBe(401)
    expect((await listOf(mine.token, id)).map(({ id: sid }) => sid)).toEqual([mine.sid])

    const again = await as(mine.token, 'DELETE', `/admin/users/${id}/sessions/${other.sid}`)
    expect(again.status).toBe(404)
    expect(again.body.message).toBe('This session has already ended.')
    const bad = await as(mine.token, 'DELETE', `/admin/users/${id}/sessions/x;drop`)
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toHaveProperty('sessionId')
    const badUser = await as(mine.token, 'GET', '/admin/users/abc/sessions')
    expect(badUser.status).toBe(400)
    expect(badUser.body.errors).toHaveProperty('id')
  })

  it('signs out all other sessions and keeps the current one', async () => {
    const { username, id } = await newUser('full')
    const mine = await signIn(username)
    const others = [await signIn(username, LINUX_FIREFOX), await signIn(username)]
    const res = await as(mine.token, 'DELETE', `/admin/users/${id}/sessions`)
    expect(res.status, res.text).toBe(200)
    expect(res.body).toEqual({ ended: 2 })
    for (const other of others)
      expect((await as(other.token, 'GET', '/users/me')).body.user).toBeNull()
    expect((await as(mine.token, 'GET', '/users/me')).body.user?.username).toBe(username)
    const left = await listOf(mine.token, id)
    expect(left).toHaveLength(1)
    expect(left[0]).toMatchObject({ id: mine.sid, current: true })
  })

  it('a password change needs the current password and keeps only the session that made it', async () => {
    const { username, id } = await newUser('full')
    const mine = await signIn(username)
    const other = await signIn(username, LINUX_FIREFOX)
    const next = 'sessions-second-harbour-42'
    const refused = await app.request('PATCH', `/users/${id}`, {
      token: mine.token,
      body: { password: next },
    })
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('currentPassword')
    expect((await listOf(mine.token, id)).map(({ id: sid }) => sid).sort()).toEqual(
      [mine.sid, other.sid].sort(),
    )
    const changed = await app.request('PATCH', `/users/${id}`, {
      token: mine.token,
      body: { password: next, currentPassword: PASSWORD },
    })
    expect(changed.status, changed.text).toBe(200)
    expect((await as(other.token, 'GET', '/users/me')).body.user).toBeNull()
    expect((await listOf(mine.token, id)).map(({ id: sid }) => sid)).toEqual([mine.sid])
  })
})

describe('another user’s sessions', () => {
  it('a full admin lists and ends them, one or all, and the audit log says so', async () => {
    const admin = await newUser('full')
    const { token } = await signIn(admin.username)
    const editor = await newUser('editor')
    const a = await signIn(editor.username)
    const b = await signIn(editor.username, LINUX_FIREFOX)
    const c = await signIn(editor.username)

    const listed = await listOf(token, editor.id)
    expect(listed.map(({ id }) => id).sort()).toEqual([a.sid, b.sid, c.sid].sort())
    expect(listed.every(({ current }) => !current)).toBe(true)

    const one = await as(token, 'DELETE', `/admin/users/${editor.id}/sessions/${a.sid}`)
    expect(one.body).toEqual({ ended: 1 })
    expect((await as(a.token, 'GET', '/users/me')).body.user).toBeNull()
    expect((await as(b.token, 'GET', '/users/me')).body.user?.username).toBe(editor.username)

    const rest = await as(token, 'DELETE', `/admin/users/${editor.id}/sessions`)
    expect(rest.body).toEqual({ ended: 2 })
    for (const ended of [b, c])
      expect((await as(ended.token, 'GET', '/users/me')).body.user).toBeNull()
    expect((await as(token, 'GET', '/users/me')).body.user?.username).toBe(admin.username)
    expect(await listOf(token, editor.id)).toEqual([])

    const audit = await app.payload.find({
      collection: 'audit-logs',
      where: { action: { equals: 'users.end-sessions' }, targetId: { equals: String(editor.id) } },
      sort: 'at',
      depth: 0,
    })
    expect(
      audit.docs.map((doc) => [doc.username, (doc.details as { sessions: number }).sessions]),
    ).toEqual([
      [admin.username, 1],
      [admin.username, 2],
    ])
    const missing = await as(token, 'GET', '/admin/users/987654/sessions')
    expect(missing.status).toBe(404)
  })

  it.each(['editor', 'demo'] as const)(
    'a %s can neither see nor end them, through our endpoints or Payload’s REST',
    async (level) => {
      const target = await newUser('full')
      const victim = await signIn(target.username)
      const someone = await newUser(level)
      const { token } = await signIn(someone.username)
      for (const [method, path] of [
        ['GET', `/admin/users/${target.id}/sessions`],
        ['DELETE', `/admin/users/${target.id}/sessions`],
        ['DELETE', `/admin/users/${target.id}/sessions/${victim.sid}`],
        // 403 before 404: whether a user exists is not told either.
        ['GET', '/admin/users/987654/sessions'],
      ] as const) {
        const res = await as(token, method, path)
        expect(res.status, `${method} ${path}: ${res.text}`).toBe(403)
        expect(res.body.message).toBe("Only full admins may see or end another user's sessions.")
      }
      const read = await as(token, 'GET', `/users/${target.id}`)
      expect([403, 404]).toContain(read.status)
      expect(read.text).not.toContain(victim.sid)
      const patch = await app.request('PATCH', `/users/${target.id}`, {
        token,
        body: { sessions: [] },
      })
      expect(patch.status).toBe(403)
      // Their own sessions they do see.
      expect((await listOf(token, someone.id)).map(({ current }) => current)).toEqual([true])
      expect(await sessionExists(victim.sid)).toBe(true)
      expect((await as(victim.token, 'GET', '/users/me')).body.user?.username).toBe(target.username)
      expect((await app.request('GET', `/admin/users/${target.id}/sessions`)).status).toBe(401)
    },
  )

  it('the sessions field itself is read by its owner only and written by no one over REST', async () => {
    const admin = await newUser('full')
    const { token } = await signIn(admin.username)
    const target = await newUser('editor')
    const theirs = await signIn(target.username)

    const read = await as(token, 'GET', `/users/${target.id}`)
    expect(read.status, read.text).toBe(200)
    // Payload's field rule: its owner's only; another user's record shows none.
    expect(read.body.sessions ?? []).toEqual([])
    expect(read.text).not.toContain(theirs.sid)
    const listRead = await as(token, 'GET', `/users?where[id][equals]=${target.id}`)
    expect(listRead.text).not.toContain(theirs.sid)

    for (const sessions of [[], [{ id: 'forged', expiresAt: '2099-01-01T00:00:00.000Z' }]]) {
      const patched = await app.request('PATCH', `/users/${target.id}`, {
        token,
        body: { sessions },
      })
      expect(patched.status, patched.text).toBe(200)
    }
    const own = await app.request('PATCH', `/users/${admin.id}`, {
      token,
      body: { sessions: [] },
    })
    expect(own.status, own.text).toBe(200)
    expect(await sessionExists(theirs.sid)).toBe(true)
    expect((await as(theirs.token, 'GET', '/users/me')).body.user?.username).toBe(target.username)
    expect((await as(token, 'GET', '/users/me')).body.user?.username).toBe(admin.username)
    expect((await db(sql`SELECT 1 FROM users_sessions WHERE id = 'forged'`)).rows).toHaveLength(0)
  })
})
