import { randomInt } from 'node:crypto'

import configPromise from '@payload-config'
import type { SQL } from '@payloadcms/db-postgres/drizzle'
import { getPayload, handleEndpoints, type Payload } from 'payload'

import { closePayload, migrateDatabase } from '../../scripts/lib/migrate'
import { upsertUser } from '@/seed/admin'

import { createTestDatabase } from './database'
import { TEMPLATE_DB } from './env'
import { secondFactorFor } from './second-factor'

export type TestApp = {
  payload: Payload
  /** Sends a request through Payload's HTTP handler, as the Next route does. */
  request: (method: string, path: string, options?: RequestOptions) => Promise<TestResponse>
  /** Signs a user in (with a second factor when the account needs one) and returns its token. */
  login: (username: string, password: string) => Promise<string>
  createUser: (username: string, accessLevel: 'full' | 'demo' | 'editor') => Promise<string>
  /** The rows of a raw SQL statement, on the app's own connection pool. */
  rows: <T = Record<string, unknown>>(query: SQL) => Promise<T[]>
  close: () => Promise<void>
}

export type RequestOptions = {
  body?: unknown
  rawBody?: string | Uint8Array
  headers?: Record<string, string>
  ip?: string
  token?: string
}

export type TestResponse = { status: number; headers: Headers; body: any; text: string }

export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`
export const uniqueEmail = (prefix = 'visitor') =>
  `${prefix}.${Date.now().toString(36)}${randomInt(1e9)}@example.com`

/** A Payload on a copy of the migrated template, or (`fresh`) on an empty database it migrates. */
export const startApp = async ({ fresh = false } = {}): Promise<TestApp> => {
  const database = await createTestDatabase(fresh ? undefined : TEMPLATE_DB)
  const config = await configPromise
  const payload = await getPayload({ config })
  if (fresh) await migrateDatabase(payload)

  const request: TestApp['request'] = async (method, path, options = {}) => {
    const headers = new Headers(options.headers)
    headers.set('x-forwarded-for', options.ip ?? randomIp())
    if (options.token) headers.set('authorization', `JWT ${options.token}`)
    let body: BodyInit | undefined
    if (options.rawBody !== undefined) body = options.rawBody as BodyInit
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      if (!headers.has('content-type')) headers.set('content-type', 'application/json')
    }
    const response = await handleEndpoints({
      config,
      request: new Request(`http://localhost:3000/api${path}`, {
        method,
        headers,
        body,
        duplex: 'half',
      } as RequestInit),
    })
    const text = await response.text()
    let parsed: unknown
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {
      parsed = undefined
    }
    return { status: response.status, headers: response.headers, body: parsed, text }
  }

  const login: TestApp['login'] = async (username, password) => {
    const secondFactor = await secondFactorFor(payload, username)
    const res = await request('POST', '/users/login', {
      body: { username, password, ...(secondFactor ? { secondFactor } : {}) },
    })
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`)
    return res.body.token as string
  }

  const createUser: TestApp['createUser'] = async (username, accessLevel) => {
    const password = `pw-${username}-correct-horse`
    await upsertUser(payload, username, password, accessLevel)
    return login(username, password)
  }

  return {
    payload,
    request,
    login,
    createUser,
    rows: async <T>(query: SQL) => (await payload.db.drizzle.execute(query)).rows as T[],
    close: async () => {
      await closePayload(payload)
      await database.close()
    },
  }
}
