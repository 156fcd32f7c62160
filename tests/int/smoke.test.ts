import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startApp, type TestApp } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(async () => app?.close())

describe('smoke', () => {
  it('waitlist', async () => {
    const res = await app.request('POST', '/waitlist', { body: { email: 'a@b.co', name: 'A', product: 'records' } })
    expect(res.status, res.text).toBe(201)
    const again = await app.request('POST', '/waitlist', { body: { email: 'a@b.co', name: 'A', product: 'records' } })
    expect(again.status, again.text).toBe(409)
  })
})
