import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { randomIp, startApp, type TestApp } from '../helpers/app'
import { awayFromWindowEdge } from '../helpers/rate-limit'
import { secondFactorFor } from '../helpers/second-factor'
import { upsertUser } from '@/seed/admin'

let app: TestApp
const PASSWORD = 'own-password-first-lantern'
const NEW_PASSWORD = 'own-password-second-harbour'

beforeAll(async () => {
  app = await startApp()
})
afterAll(async () => app?.close())

const userId = async (username: string) =>
  (
    await app.payload.find({
      collection: 'users',
      where: { username: { equals: username } },
      limit: 1,
      depth: 0,
    })
  ).docs[0]!.id

const signsIn = async (username: string, password: string) =>
  (
    await app.request('POST', '/users/login', {
      body: { username, password, secondFactor: await secondFactorFor(app.payload, username) },
      ip: randomIp(),
    })
  ).status

describe('changing one’s own password', () => {
  it('needs the current password: missing or wrong is a 400 naming currentPassword', async () => {
    await upsertUser(app.payload, 'own-missing', PASSWORD, 'full')
    const id = await userId('own-missing')
    const token = await app.login('own-missing', PASSWORD)

    const missing = await app.request('PATCH', `/users/${id}`, {
      token,
      body: { password: NEW_PASSWORD },
    })
    expect(missing.status, missing.text).toBe(400)
    expect(missing.text).toContain('currentPassword')

    const wrong = await app.request('PATCH', `/users/${id}`, {
      token,
      body: { password: NEW_PASSWORD, currentPassword: 'not-the-password-at-all' },
    })
    expect(wrong.status, wrong.text).toBe(400)
    expect(wrong.text).toContain('currentPassword')
    expect(wrong.text).toMatch(/current password is wrong/)

    expect(await signsIn('own-missing', PASSWORD)).toBe(200)
    expect(await signsIn('own-missing', NEW_PASSWORD)).toBe(401)
  })

  it('changes with the current password, stores no trace of it, and ends the other sessions', async () => {
    await upsertUser(app.payload, 'own-change', PASSWORD, 'full')
    const id = await userId('own-change')
    const token = await app.login('own-change', PASSWORD)
    const other = await app.login('own-change', PASSWORD)
    const works = async (t: string) =>
      (await app.request('GET', '/admin/contacts/stats', { token: t })).status
    expect(await works(other)).toBe(200)

    const res = await app.request('PATCH', `/users/${id}`, {
      token,
      body: { password: NEW_PASSWORD, currentPassword: PASSWORD },
    })
    expect(res.status, res.text).toBe(200)
    expect(res.text).not.toContain(PASSWORD)

    expect(await works(token)).toBe(200)
    expect(await works(other)).toBe(401)
    expect(await signsIn('own-change', NEW_PASSWORD)).toBe(200)
    expect(await signsIn('own-change', PASSWORD)).toBe(401)
    const stored = await app.payload.db.findOne({
      collection: 'users',
      where: { id: { equals: id } },
    })
    expect(JSON.stringify(stored)).not.toContain(PASSWORD)
  })

  it('refuses a common new password before anything else', async () => {
    await upsertUser(app.payload, 'own-common', PASSWORD, 'full')
    const id = await userId('own-common')
    const token = await app.login('own-common', PASSWORD)
    const res = await app.request('PATCH', `/users/${id}`, {
      token,
      body: { password: 'punksnotdead', currentPassword: PASSWORD },
    })
    expect(res.status, res.text).toBe(400)
    expect(res.text).toContain('This password is too common')
  })

  it('lets a full admin reset another user’s password without it, and admin:create too', async () => {
    await upsertUser(app.payload, 'own-admin', PASSWORD, 'full')
    await upsertUser(app.payload, 'own-target', PASSWORD, 'editor')
    const token = await app.login('own-admin', PASSWORD)
    const res = await app.request('PATCH', `/users/${await userId('own-target')}`, {
      token,
      body: { password: NEW_PASSWORD },
    })
    expect(res.status, res.text).toBe(200)
    expect(await signsIn('own-target', NEW_PASSWORD)).toBe(200)

    await upsertUser(app.payload, 'own-target', 'own-password-third-meadow', 'editor')
    expect(await signsIn('own-target', 'own-password-third-meadow')).toBe(200)
  })

  it('counts wrong current passwords in the sign-in throttle of the address', async () => {
    await awayFromWindowEdge('login', 30_000)
    await upsertUser(app.payload, 'own-throttle', PASSWORD, 'full')
    const id = await userId('own-throttle')
    const token = await app.login('own-throttle', PASSWORD)
    const ip = randomIp()
    for (let n = 0; n < 10; n++) {
      const res = await app.request('PATCH', `/users/${id}`, {
        token,
        ip,
        body: { password: NEW_PASSWORD, currentPassword: `wrong-${n}-password` },
      })
      expect(res.status, res.text).toBe(400)
    }
    const held = await app.request('PATCH', `/users/${id}`, {
      token,
      ip,
      body: { password: NEW_PASSWORD, currentPassword: PASSWORD },
    })
    expect(held.status, held.text).toBe(429)
    expect(await signsIn('own-throttle', PASSWORD)).toBe(200)
  })
})
