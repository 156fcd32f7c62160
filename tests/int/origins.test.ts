/**
 * Without SERVER_URL the site trusts the origins a person can open it at by itself: the loopback
 * names and the network addresses Next prints at start, on its port. With SERVER_URL, only that
 * (and loopback in development).
 */
import { networkInterfaces } from 'node:os'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { siteOrigins } from '@/lib/origins'

import { startApp, type TestApp } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(async () => app?.close())

const networkAddresses = () =>
  Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry && !entry.internal && !entry.address.startsWith('fe80'))
    .map((entry) => (entry!.family === 'IPv6' ? `[${entry!.address}]` : entry!.address))

describe('trusted origins', () => {
  it('without SERVER_URL: localhost, 127.0.0.1, [::1] and every network address, on the port', () => {
    const origins = siteOrigins({ port: 3100, production: true })
    expect(origins).toEqual(
      expect.arrayContaining([
        'http://localhost:3100',
        'http://127.0.0.1:3100',
        'http://[::1]:3100',
        ...networkAddresses().map((address) => `http://${address}:3100`),
      ]),
    )
    expect(origins.every((origin) => origin.endsWith(':3100'))).toBe(true)
  })

  it('with SERVER_URL in production: that origin only', () => {
    expect(
      siteOrigins({ serverUrl: 'https://starfinity.example', port: 3000, production: true }),
    ).toEqual(['https://starfinity.example'])
  })

  it('an admin change from the network address with the session cookie is accepted, and from another origin refused', async () => {
    const address = networkAddresses()[0]
    expect(address).toBeDefined()
    const token = await app.createUser('origins-full', 'full')
    const port = new URL(String(app.payload.config.csrf[0])).port || '3000'
    const as = (origin: string) =>
      app.request('GET', '/admin/contacts/stats', {
        headers: { cookie: `payload-token=${token}`, origin, 'sec-fetch-site': 'same-origin' },
      })
    expect((await as(`http://${address}:${port}`)).status).toBe(200)
    expect((await as('http://evil.example')).status).toBe(401)
  })
})
