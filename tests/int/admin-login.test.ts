import { logKey } from '@/lib/log-keys'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { randomIp, startApp, type TestApp } from '../helpers/app'
import { awayFromWindowEdge } from '../helpers/rate-limit'
import { secondFactorFor } from '../helpers/second-factor'
import { upsertUser } from '@/seed/admin'
import { PASSWORD_CHECKS_AT_ONCE, passwordChecks } from '@/services/admin/password-checks'

let app: TestApp
const PASSWORD = 'login-test-correct-horse'

beforeAll(async () => {
  app = await startApp()
  await upsertUser(app.payload, 'login-full', PASSWORD, 'full')
  await upsertUser(app.payload, 'login-demo', PASSWORD, 'demo')
  await upsertUser(app.payload, 'login-locked', PASSWORD, 'full')
  await upsertUser(app.payload, 'login-race', PASSWORD, 'full')
})
afterAll(async () => app?.close())

/**
 * The sign-in counts run in quarter-hour windows: a test that counts attempts from an address or at
 * an account starts with half a minute of its window left at least (its attempts take seconds).
 */
const withinOneWindow = async () => {
  await awayFromWindowEdge('login', 30_000)
  await awayFromWindowEdge('login-account', 30_000)
}

/** A sign-in's body, with the second factor a full admin's sign-in needs (a fresh recovery code). */
const credentials = async (username: string, password: string) => ({
  username,
  password,
  secondFactor: await secondFactorFor(app.payload, username),
})

const login = async (username: string, password: string) =>
  app.request('POST', '/admin/login', { body: await credentials(username, password) })

describe('POST /api/admin/login', () => {
  it('answers a token and the access level; the token works as a Bearer token', async () => {
    const res = await login('login-full', PASSWORD)
    expect(res.status, res.text).toBe(200)
    expect(res.body).toEqual({
      success: true,
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      accessLevel: 'full',
      message: 'Welcome to the admin dashboard',
    })
    const headers = { authorization: `Bearer ${res.body.token}` }
    for (const path of [
      '/admin/waitlist',
      '/admin/contacts/stats',
      '/admin/overview',
      '/admin/audit',
    ]) {
      const answer = await app.request('GET', path, { headers })
      expect(answer.status, path).toBe(200)
    }
    const jwt = await app.request('GET', '/admin/waitlist', {
      headers: { authorization: `JWT ${res.body.token}` },
    })
    expect(jwt.status).toBe(200)
    const forged = await app.request('GET', '/admin/waitlist', {
      headers: { authorization: `Bearer ${res.body.token.slice(0, -2)}xx` },
    })
    expect(forged.status).toBe(401)
  })

  it('tells a demo user it is the demo dashboard, and the demo token reads masked data', async () => {
    const res = await login('login-demo', PASSWORD)
    expect(res.body).toMatchObject({ success: true, accessLevel: 'demo' })
    expect(res.body.message).toMatch(/demo/i)
    const refused = await app.request('PATCH', '/admin/waitlist/1/status', {
      headers: { authorization: `Bearer ${res.body.token}` },
      body: { status: 'active' },
    })
    expect(refused.status).toBe(403)
  })

  it('sets the HttpOnly session cookie, which the admin endpoints accept', async () => {
    const res = await login('login-full', PASSWORD)
    const cookie = res.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^payload-token=[\w-]+\.[\w-]+\.[\w-]+;/)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    const session = cookie.split(';')[0]
    const answer = await app.request('GET', '/admin/contacts/stats', {
      headers: { cookie: session, 'sec-fetch-site': 'same-origin' },
    })
    expect(answer.status, answer.text).toBe(200)
    expect((await app.request('GET', '/admin/contacts/stats')).status).toBe(401)
    expect((await login('login-full', 'wrong-password-123')).headers.get('set-cookie')).toBeNull()
  })

  it('answers 401 with success false for a wrong password or an unknown user, and logs it under a keyed hash of the name', async () => {
    const warn = vi.spyOn(app.payload.logger, 'warn')
    for (const [username, password] of [
      ['login-full', 'wrong-password-123'],
      ['nobody-here', PASSWORD],
    ]) {
      const res = await login(username, password)
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ success: false, message: 'Invalid credentials' })
      expect(res.text).not.toContain('token')
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ msg: 'admin login failed', usernameKey: logKey(username) }),
      )
    }
    // The name a person typed (a password, sometimes) is in no log line in clear.
    expect(JSON.stringify(warn.mock.calls)).not.toMatch(/login-full|nobody-here/)
    warn.mockRestore()
  })

  it('answers 400 naming the field when a field is missing', async () => {
    const res = await app.request('POST', '/admin/login', { body: { username: 'login-full' } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      success: false,
      message: 'Password is required',
      errors: { password: 'Password is required' },
    })
  })

  it('refuses an address after ten failures on any login route (429, Retry-After); the admin signs in from elsewhere', async () => {
    await withinOneWindow()
    const ip = randomIp()
    const attempt = (path: string, password: string) =>
      app.request('POST', path, { body: { username: 'login-locked', password }, ip })
    for (let n = 0; n < 10; n++) {
      const res = await attempt(n % 2 ? '/users/login' : '/admin/login', `wrong-${n}-password`)
      expect(res.status, res.text).toBe(401)
    }
    for (let n = 0; n < 20; n++) {
      const res = await attempt(n % 2 ? '/users/login' : '/admin/login', `wrong-${n}-password`)
      expect(res.status, res.text).toBe(429)
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    // The right password from that address waits too; from another address it works.
    expect((await attempt('/admin/login', PASSWORD)).status).toBe(429)
    const elsewhere = await login('login-locked', PASSWORD)
    expect(elsewhere.status, elsewhere.text).toBe(200)
    expect(elsewhere.body.token).toBeTruthy()
  })

  it('counts every attempt before its password is checked: 20 at once from one address check exactly 10 passwords', async () => {
    await withinOneWindow()
    const ip = randomIp()
    const before = passwordChecks().started
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        app.request('POST', n % 2 ? '/users/login' : '/admin/login', {
          body: { username: 'login-race', password: `wrong-${n}-password` },
          ip,
        }),
      ),
    )
    const statuses = answers.map((res) => res.status).sort()
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(10).fill(429)])
    expect(passwordChecks().started - before).toBe(10)
    // The right password from that address waits too, and is not checked.
    const right = await app.request('POST', '/admin/login', {
      body: { username: 'login-race', password: PASSWORD },
      ip,
    })
    expect(right.status).toBe(429)
    expect(passwordChecks().started - before).toBe(10)
    // Ten failures are no lock: the owner signs in from another address.
    expect((await login('login-race', PASSWORD)).status).toBe(200)
  })

  it('holds an account guessed at from many addresses for new addresses only: the owner signs in from an address that signed in before', async () => {
    await withinOneWindow()
    await upsertUser(app.payload, 'login-target', PASSWORD, 'full')
    const home = randomIp()
    const signIn = async (ip: string, password: string, username = 'login-target') =>
      app.request('POST', '/admin/login', { body: await credentials(username, password), ip })
    expect((await signIn(home, PASSWORD)).status).toBe(200)
    // Three addresses guess 21 times in all, past the account's allowance of 20.
    const guessers = [randomIp(), randomIp(), randomIp()]
    const guesses = await Promise.all(
      Array.from({ length: 21 }, (_, n) => signIn(guessers[n % 3]!, `wrong-${n}-password`)),
    )
    expect(guesses.map((res) => res.status)).toEqual(guesses.map(() => 401))

    // A new address with the right password gets the answer of a wrong password, after one check.
    const wrong = await signIn(randomIp(), 'wrong-password-123', 'login-full')
    const unknown = await signIn(randomIp(), PASSWORD, 'nobody-at-all')
    const before = passwordChecks().started
    const held = await signIn(randomIp(), PASSWORD)
    expect(passwordChecks().started - before).toBe(1)
    expect(held.status).toBe(401)
    expect(held.text).toBe(wrong.text)
    expect(held.text).toBe(unknown.text)
    expect(held.headers.get('set-cookie')).toBeNull()

    // The owner, from the address that signed in before, is not held.
    const owner = await signIn(home, PASSWORD)
    expect(owner.status, owner.text).toBe(200)
    expect(owner.body.token).toBeTruthy()
    // Resetting the account (npm run admin:create) lifts the hold for every address.
    await upsertUser(app.payload, 'login-target', PASSWORD, 'full')
    expect((await signIn(randomIp(), PASSWORD)).status).toBe(200)
    // The other accounts were never affected.
    expect((await login('login-full', PASSWORD)).status).toBe(200)
  })

  it('answers a held account, an unknown user and a wrong password alike, each after exactly one password hash, on both routes', async () => {
    await withinOneWindow()
    await upsertUser(app.payload, 'login-held', PASSWORD, 'full')
    await Promise.all(
      Array.from({ length: 21 }, (_, n) =>
        app.request('POST', '/admin/login', {
          body: { username: 'login-held', password: `wrong-${n}-password` },
        }),
      ),
    )
    for (const path of ['/users/login', '/admin/login']) {
      const answers: string[] = []
      for (const [username, password] of [
        ['login-full', 'wrong-password-123'],
        [`nobody-${path.length}`, 'wrong-password-123'],
        ['login-held', PASSWORD],
      ] as const) {
        const before = passwordChecks().started
        const res = await app.request('POST', path, { body: { username, password } })
        expect(passwordChecks().started - before, `${path} ${username}`).toBe(1)
        expect(res.status).toBe(401)
        answers.push(res.text)
      }
      expect(new Set(answers).size, path).toBe(1)
    }
  })

  it('runs at most a fixed number of password hashes at once; a sign-in storm waits in line while the site answers', async () => {
    const before = passwordChecks()
    const storm = Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        app.request('POST', '/admin/login', {
          body: { username: `storm-${n}`, password: 'wrong-password-123' },
        }),
      ),
    )
    await expect.poll(() => passwordChecks().waiting).toBeGreaterThan(0)
    // The site answers while sign-ins wait for a hash.
    expect((await app.request('GET', '/health')).status).toBe(200)
    expect((await app.request('GET', '/status')).status).toBe(200)
    expect(passwordChecks().waiting).toBeGreaterThan(0)
    const answers = await storm
    const after = passwordChecks()
    expect(after.peak).toBeLessThanOrEqual(PASSWORD_CHECKS_AT_ONCE)
    expect(after.running).toBe(0)
    expect(after.waiting).toBe(0)
    // Each attempt was either checked (401) or turned away because the line was full (503).
    const checked = after.started - before.started
    expect(answers.filter((res) => res.status === 401).length).toBe(checked)
    const busy = answers.filter((res) => res.status === 503)
    expect(busy.length + checked).toBe(12)
    for (const res of busy) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('keeps every session of one account signed in from several places at once; a sign-out ends only its own', async () => {
    await upsertUser(app.payload, 'login-shared', PASSWORD, 'full')
    const works = async (token: string) =>
      (await app.request('GET', '/admin/contacts/stats', { token })).status
    const first = await Promise.all(
      Array.from({ length: 8 }, () => app.login('login-shared', PASSWORD)),
    )
    expect(await Promise.all(first.map(works))).toEqual(first.map(() => 200))

    // Half of them sign out while as many sign in and the rest refresh, all at the same moment.
    const [leaving, staying] = [first.slice(0, 4), first.slice(4)]
    const outcome = await Promise.all([
      ...leaving.map((token) => app.request('POST', '/users/logout', { token })),
      ...staying.map((token) => app.request('POST', '/users/refresh-token', { token })),
      ...(
        await Promise.all(Array.from({ length: 4 }, () => credentials('login-shared', PASSWORD)))
      ).map((body) => app.request('POST', '/users/login', { body })),
    ])
    expect(outcome.map((res) => res.status)).toEqual(outcome.map(() => 200))
    const refreshed = outcome.slice(4, 8).map((res) => res.body.refreshedToken as string)
    const joined = outcome.slice(8).map((res) => res.body.token as string)
    expect(await Promise.all(leaving.map(works))).toEqual(leaving.map(() => 401))
    expect(await Promise.all([...refreshed, ...joined].map(works))).toEqual(
      [...refreshed, ...joined].map(() => 200),
    )
  })

  it('has no forgot-password, reset-password or unlock: 404 at once, and the site keeps answering', async () => {
    for (const path of ['/users/forgot-password', '/users/reset-password', '/users/unlock']) {
      const res = await app.request('POST', path, { body: { username: 'nobody' } })
      expect(res.status, res.text).toBe(404)
    }
    await expect(
      app.payload.forgotPassword({ collection: 'users', data: { username: 'nobody' } as never }),
    ).rejects.toThrow(/not found/i)
    expect((await app.request('GET', '/health')).status).toBe(200)
  })
})
