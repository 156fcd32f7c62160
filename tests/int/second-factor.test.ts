import { sql } from '@payloadcms/db-postgres/drizzle'
import { type TOTP, URI } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { randomIp, startApp, type TestApp, type TestResponse } from '../helpers/app'
import { awayFromWindowEdge } from '../helpers/rate-limit'
import { secondFactorFor } from '../helpers/second-factor'
import { upsertUser } from '@/seed/admin'
import { SecondFactorNeeded } from '@/services/auth/second-factor'
import { RATE_LIMITS } from '@/services/shared/rate-limit'

let app: TestApp
const PASSWORD = 'second-factor-correct-horse'

beforeAll(async () => {
  app = await startApp()
})
afterAll(async () => app?.close())

type Enrolment = { ticket: string; uri: string; qr: string; secret: string }

const signIn = (username: string, body: Record<string, unknown> = {}, ip = randomIp()) =>
  app.request('POST', '/admin/login', { body: { username, password: PASSWORD, ...body }, ip })

/** A code of the authenticator app `seconds` from now (the next step's code is accepted too). */
const codeOf = (uri: string, seconds = 0) =>
  (URI.parse(uri) as TOTP).generate({ timestamp: Date.now() + seconds * 1000 })

/** A full admin signed up through the sign-in's own enrolment: its app and recovery codes. */
const enrolledAdmin = async (username: string) => {
  await upsertUser(app.payload, username, PASSWORD, 'full')
  const first = await signIn(username)
  expect(first.status, first.text).toBe(401)
  const enrolment = first.body.secondFactor.totp as Enrolment
  const done = await signIn(username, {
    secondFactor: { enrol: { ticket: enrolment.ticket, code: codeOf(enrolment.uri) } },
  })
  expect(done.status, done.text).toBe(200)
  return {
    uri: enrolment.uri,
    recoveryCodes: done.body.recoveryCodes as string[],
    token: done.body.token as string,
  }
}

const expectNoSession = (res: TestResponse) => {
  expect(res.status, res.text).toBeGreaterThanOrEqual(400)
  expect(res.headers.get('set-cookie') ?? '').not.toMatch(/payload-token=[^;]/)
  expect(res.text).not.toMatch(/"token"/)
}

describe('a full admin without a second factor', () => {
  it('sets up an authenticator app (QR code drawn here) during the sign-in, before any session', async () => {
    await upsertUser(app.payload, 'sf-new', PASSWORD, 'full')
    const first = await signIn('sf-new')
    expectNoSession(first)
    expect(first.body.secondFactor).toMatchObject({ secondFactor: 'enrol' })
    const enrolment = first.body.secondFactor.totp as Enrolment
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\/Starfinity:sf-new\?/)
    expect(enrolment.uri).toContain(`secret=${enrolment.secret}`)
    expect(enrolment.qr).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Buffer.from(enrolment.qr.split(',')[1]!, 'base64').toString()).toContain('<svg')

    // A wrong code, or another account's ticket, sets nothing up.
    const wrong = await signIn('sf-new', {
      secondFactor: { enrol: { ticket: enrolment.ticket, code: codeOf(enrolment.uri, 300) } },
    })
    expectNoSession(wrong)
    await upsertUser(app.payload, 'sf-other', PASSWORD, 'full')
    const stolen = await signIn('sf-other', {
      secondFactor: { enrol: { ticket: enrolment.ticket, code: codeOf(enrolment.uri) } },
    })
    expectNoSession(stolen)

    const done = await signIn('sf-new', {
      secondFactor: { enrol: { ticket: enrolment.ticket, code: codeOf(enrolment.uri) } },
    })
    expect(done.status, done.text).toBe(200)
    expect(done.body.token).toEqual(expect.any(String))
    expect(done.body.recoveryCodes).toHaveLength(10)
    expect(new Set(done.body.recoveryCodes).size).toBe(10)
    const me = await app.request('GET', '/users/me', { token: done.body.token })
    expect(me.body.user.username).toBe('sf-new')
  })
})

describe('signing in with a second factor', () => {
  it('takes a TOTP code once: the same code (or an older one) is refused within its window', async () => {
    const { uri } = await enrolledAdmin('sf-totp')
    const noCode = await signIn('sf-totp')
    expectNoSession(noCode)
    expect(noCode.body.secondFactor).toMatchObject({
      secondFactor: 'required',
      methods: { totp: true, passkey: false, recovery: true },
    })
    // The enrolment took this step's code: the next step's is accepted once.
    const next = codeOf(uri, 30)
    const ok = await signIn('sf-totp', { secondFactor: { code: next } })
    expect(ok.status, ok.text).toBe(200)
    const replay = await signIn('sf-totp', { secondFactor: { code: next } })
    expectNoSession(replay)
    expect(replay.body.message).toMatch(/not accepted/)
    expectNoSession(await signIn('sf-totp', { secondFactor: { code: codeOf(uri) } }))
  })

  it('takes the same code once when it is sent twice at once', async () => {
    const { uri } = await enrolledAdmin('sf-race')
    const code = codeOf(uri, 30)
    const answers = await Promise.all(
      [1, 2, 3].map(() => signIn('sf-race', { secondFactor: { code } })),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401])
  })

  it('takes each recovery code once, typed with or without its dash', async () => {
    const { recoveryCodes } = await enrolledAdmin('sf-recovery')
    const [first, second] = recoveryCodes
    expect(first).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    expect((await signIn('sf-recovery', { secondFactor: { code: first } })).status).toBe(200)
    expectNoSession(await signIn('sf-recovery', { secondFactor: { code: first } }))
    const typed = second!.replace('-', '').toUpperCase()
    expect((await signIn('sf-recovery', { secondFactor: { code: typed } })).status).toBe(200)
    const status = await app.request('GET', '/admin/second-factor', {
      token: (await signIn('sf-recovery', { secondFactor: { code: recoveryCodes[2] } })).body.token,
    })
    expect(status.body.recoveryCodesLeft).toBe(7)
  })

  it('counts wrong codes in the sign-in throttle; a right password without a code is not counted', async () => {
    const { uri } = await enrolledAdmin('sf-throttle')
    await awayFromWindowEdge('login', 60_000)
    const ip = randomIp()
    // Asking for the second step (right password, no code) is no failed attempt.
    for (let n = 0; n < RATE_LIMITS.login.limit + 2; n += 1)
      expect((await signIn('sf-throttle', {}, ip)).status).toBe(401)
    for (let n = 0; n < RATE_LIMITS.login.limit; n += 1) {
      const wrong = await signIn('sf-throttle', { secondFactor: { code: '000000' } }, ip)
      expect(wrong.status, wrong.text).toBe(401)
    }
    const turnedAway = await signIn('sf-throttle', { secondFactor: { code: codeOf(uri, 30) } }, ip)
    expect(turnedAway.status).toBe(429)
    expect(turnedAway.headers.get('retry-after')).toMatch(/^\d+$/)
    expect((await signIn('sf-throttle', { secondFactor: { code: codeOf(uri, 30) } })).status).toBe(
      200,
    )
  })
})

describe('every door that gives a session asks for the second factor', () => {
  it('REST, the admin API, GraphQL, refresh, first-register and the Local API give no session without it', async () => {
    await enrolledAdmin('sf-doors')
    await upsertUser(app.payload, 'sf-doors-new', PASSWORD, 'full')
    for (const username of ['sf-doors', 'sf-doors-new']) {
      const body = { username, password: PASSWORD }
      const doors: [string, string, unknown][] = [
        ['POST', '/users/login', body],
        ['POST', '/admin/login', body],
        ['POST', '/users/first-register', body],
        ['POST', '/users/refresh-token', body],
        [
          'POST',
          '/graphql',
          {
            query: `mutation { loginUser(username: "${username}", password: "${PASSWORD}") { token } }`,
          },
        ],
      ]
      for (const [method, path, door] of doors) {
        const res = await app.request(method, path, { body: door })
        expectNoSession(res)
      }
      await expect(
        app.payload.login({ collection: 'users', data: body, depth: 0 }),
      ).rejects.toBeInstanceOf(SecondFactorNeeded)
      // A code that is not the account's is no way in either.
      const guessed = await app.request('POST', '/users/login', {
        body: { ...body, secondFactor: { code: '123456' } },
      })
      expectNoSession(guessed)
    }
  })

  it('an editor or demo user without a second factor signs in with the password alone', async () => {
    for (const level of ['editor', 'demo'] as const) {
      await upsertUser(app.payload, `sf-${level}`, PASSWORD, level)
      const res = await signIn(`sf-${level}`)
      expect(res.status, res.text).toBe(200)
    }
  })

  it('an editor who set up an app is asked for it too', async () => {
    await upsertUser(app.payload, 'sf-editor-app', PASSWORD, 'editor')
    const token = (await signIn('sf-editor-app')).body.token as string
    const setup = await app.request('POST', '/admin/second-factor/totp/setup', { token })
    expect(setup.status, setup.text).toBe(200)
    const wrong = await app.request('POST', '/admin/second-factor/totp', {
      token,
      body: { ticket: setup.body.ticket, code: codeOf(setup.body.uri, 300) },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors).toHaveProperty('code')
    const confirmed = await app.request('POST', '/admin/second-factor/totp', {
      token,
      body: { ticket: setup.body.ticket, code: codeOf(setup.body.uri) },
    })
    expect(confirmed.status, confirmed.text).toBe(200)
    expect(confirmed.body).toMatchObject({ totp: true, required: false, recoveryCodesLeft: 10 })
    expect(confirmed.body.recoveryCodes).toHaveLength(10)
    expectNoSession(await signIn('sf-editor-app'))
    const again = await signIn('sf-editor-app', {
      secondFactor: { code: codeOf(setup.body.uri, 30) },
    })
    expect(again.status, again.text).toBe(200)
  })
})

describe('the account page’s second factors', () => {
  it('keeps one factor for an account that needs one; new recovery codes replace the old', async () => {
    const { token, recoveryCodes } = await enrolledAdmin('sf-manage')
    const last = await app.request('DELETE', '/admin/second-factor/totp', { token })
    expect(last.status, last.text).toBe(409)
    const fresh = await app.request('POST', '/admin/second-factor/recovery-codes', { token })
    expect(fresh.status).toBe(200)
    expect(fresh.body.recoveryCodes).toHaveLength(10)
    expectNoSession(await signIn('sf-manage', { secondFactor: { code: recoveryCodes[0] } }))
    expect(
      (await signIn('sf-manage', { secondFactor: { code: fresh.body.recoveryCodes[0] } })).status,
    ).toBe(200)
    // A visitor has no second factors to see or change.
    for (const [method, path] of [
      ['GET', '/admin/second-factor'],
      ['POST', '/admin/second-factor/totp/setup'],
      ['POST', '/admin/second-factor/totp'],
      ['DELETE', '/admin/second-factor/totp'],
      ['POST', '/admin/second-factor/passkeys/setup'],
      ['POST', '/admin/second-factor/passkeys'],
      ['DELETE', '/admin/second-factor/passkeys/abc'],
      ['POST', '/admin/second-factor/recovery-codes'],
    ] as const)
      expect(
        (await app.request(method, path, method === 'GET' ? {} : { body: {} })).status,
        path,
      ).toBe(401)
  })

  it('npm run admin:create (a reset) removes the second factors: the next sign-in sets one up', async () => {
    await enrolledAdmin('sf-reset')
    await upsertUser(app.payload, 'sf-reset', PASSWORD, 'full')
    const res = await signIn('sf-reset')
    expectNoSession(res)
    expect(res.body.secondFactor).toMatchObject({ secondFactor: 'enrol' })
  })
})

describe('secrets and recovery codes', () => {
  it('are unreadable through REST, GraphQL and the admin API for every role', async () => {
    const { uri, recoveryCodes } = await enrolledAdmin('sf-hidden')
    const secret = new URL(uri).searchParams.get('secret')!
    const rows = await app.payload.db.drizzle.execute(sql`
      SELECT t.secret AS value FROM second_factor_totp t JOIN users u ON u.id = t.user_id
        WHERE u.username = 'sf-hidden'
      UNION ALL SELECT r.code_hash FROM second_factor_recovery_codes r JOIN users u ON u.id = r.user_id
        WHERE u.username = 'sf-hidden'`)
    const stored = rows.rows.map((row) => String(row.value))
    expect(stored).toHaveLength(11)
    // Stored sealed and hashed: neither the secret nor a code is in the database as such.
    expect(stored.join('\n')).not.toContain(secret)
    for (const code of recoveryCodes) expect(stored.join('\n')).not.toContain(code)

    const id = (
      await app.payload.find({ collection: 'users', where: { username: { equals: 'sf-hidden' } } })
    ).docs[0]!.id
    const secrets = [secret, ...stored, ...recoveryCodes]
    for (const level of ['full', 'editor', 'demo'] as const) {
      const username = `sf-reader-${level}`
      await upsertUser(app.payload, username, PASSWORD, level)
      const secondFactor = await secondFactorFor(app.payload, username)
      const token = (await signIn(username, secondFactor ? { secondFactor } : {})).body.token
      expect(token, level).toEqual(expect.any(String))
      const answers = await Promise.all([
        app.request('GET', `/users/${id}?depth=2`, { token }),
        app.request('GET', '/users?limit=100&depth=2', { token }),
        app.request('GET', `/users?where[username][equals]=sf-hidden&select[secret]=true`, {
          token,
        }),
        app.request('GET', '/users/me', { token }),
        app.request('GET', '/admin/second-factor', { token }),
        app.request('POST', '/graphql', {
          token,
          body: { query: '{ Users { docs { id username } } }' },
        }),
      ])
      for (const answer of answers) {
        expect(answer.status, answer.text).toBeLessThan(500)
        for (const value of secrets) expect(answer.text, level).not.toContain(value)
        expect(answer.text).not.toMatch(/secret|code_?hash|recovery_?codes"/i)
      }
    }
  })
})
