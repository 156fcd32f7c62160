/**
 * Every route that takes a body refuses one past its limit while it streams in (413), before
 * anything reads it whole and before access is checked: Payload's REST routes (through the Next
 * route that serves them) and the email routes. `pulled` is how much of the body the server read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { POST } from '@/app/(payload)/api/[...slug]/route'
import { IMPORT_BODY_LIMIT, PAYLOAD_BODY_LIMIT, UPLOAD_BODY_LIMIT } from '@/lib/body-limit'

import { randomIp, startApp, type TestApp } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(async () => app?.close())

const MB = 1024 * 1024
const CHUNK = 64 * 1024

/** A body of `size` bytes made as it is read; `state.pulled` tells how much was read. */
const lazyBody = (size: number, head = '{"title":"') => {
  const chunk = new TextEncoder().encode('x'.repeat(CHUNK))
  const state = { pulled: 0 }
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled === 0) {
        const start = new TextEncoder().encode(head)
        state.pulled += start.byteLength
        return controller.enqueue(start)
      }
      const left = size - state.pulled
      if (left <= 0) return controller.close()
      const piece = left >= CHUNK ? chunk : chunk.subarray(0, left)
      state.pulled += piece.byteLength
      controller.enqueue(piece)
    },
  })
  return { stream, state }
}

/** A POST to Payload's REST route as Next serves it. */
const restPost = async (slugs: string[], size: number, contentType = 'application/json') => {
  const { stream, state } = lazyBody(size)
  const request = new Request(`http://localhost:3000/api/${slugs.join('/')}`, {
    method: 'POST',
    headers: { 'content-type': contentType, 'x-forwarded-for': randomIp() },
    body: stream,
    duplex: 'half',
  } as RequestInit)
  const res = await POST(request, { params: Promise.resolve({ slug: slugs }) })
  return { status: res.status, body: await res.text(), pulled: state.pulled }
}

describe('a body limit on every route', () => {
  it("Payload's REST routes refuse a streamed 50 MB body with 413 after reading little more than the limit, for anyone", async () => {
    const answers = await Promise.all(
      [['articles'], ['waitlist-entries'], ['users', 'login'], ['media']].map((slugs) =>
        restPost(
          slugs,
          50 * MB,
          slugs[0] === 'media' ? 'multipart/form-data; boundary=x' : undefined,
        ),
      ),
    )
    for (const [n, answer] of answers.entries()) {
      const limit = n === 3 ? UPLOAD_BODY_LIMIT : PAYLOAD_BODY_LIMIT
      expect(answer.status, answer.body).toBe(413)
      expect(JSON.parse(answer.body).errors[0].message).toMatch(/too large/i)
      expect(answer.pulled).toBeLessThanOrEqual(limit + 2 * CHUNK)
    }
  })

  it('a declared length past the limit is refused without reading the body', async () => {
    const { stream, state } = lazyBody(50 * MB)
    const request = new Request('http://localhost:3000/api/articles', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(50 * MB) },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    const res = await POST(request, { params: Promise.resolve({ slug: ['articles'] }) })
    expect(res.status).toBe(413)
    expect(state.pulled).toBeLessThanOrEqual(CHUNK)
  })

  it('a body within the limit reaches Payload, which checks access as before', async () => {
    const res = await restPost(['articles'], 1024)
    // Not JSON once cut short on purpose: the body was read and answered by Payload (not 413).
    expect(res.status).not.toBe(413)
    expect(res.status).toBeLessThan(500)
  })

  it('a body that declares its length within the limit reaches Payload', async () => {
    // Over HTTP, Node's server holds the body to its declared length; no stream counts it again.
    const body = JSON.stringify({ title: 'Declared' })
    const request = new Request('http://localhost:3000/api/articles', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'x-forwarded-for': randomIp(),
      },
      body,
      duplex: 'half',
    } as RequestInit)
    const res = await POST(request, { params: Promise.resolve({ slug: ['articles'] }) })
    // Read whole by Payload and refused by its access rule for an anonymous client.
    expect(res.status).toBe(403)
  })

  it("a newsletter import's CSV passes the REST route up to its own limit, and not past it", async () => {
    const token = await app.createUser('body-limit-importer', 'full')
    const importPost = async (body: ReadableStream<Uint8Array> | string) => {
      const request = new Request('http://localhost:3000/api/admin/newsletter/import/preview', {
        method: 'POST',
        headers: {
          'content-type': 'text/csv',
          authorization: `JWT ${token}`,
          'x-forwarded-for': randomIp(),
        },
        body,
        duplex: 'half',
      } as RequestInit)
      const slug = ['admin', 'newsletter', 'import', 'preview']
      const res = await POST(request, { params: Promise.resolve({ slug }) })
      return { status: res.status, body: await res.text() }
    }
    // 60,000 rows, 3.5 MB: past the 2 MB of other routes.
    const rows = Array.from({ length: 60_000 }, (_, i) => `limit-${i}@example.com,Reader ${i}`)
    const csv = `email,first name\n${rows.join('\n')}\n`
    expect(csv.length).toBeGreaterThan(PAYLOAD_BODY_LIMIT)
    const read = await importPost(csv)
    expect(read.status, read.body).toBe(200)
    expect(JSON.parse(read.body)).toMatchObject({ valid: 60_000, invalid: 0 })
    const { stream, state } = lazyBody(IMPORT_BODY_LIMIT + 4 * MB, 'email\n')
    const refused = await importPost(stream)
    expect(refused.status, refused.body).toBe(413)
    expect(state.pulled).toBeLessThanOrEqual(IMPORT_BODY_LIMIT + 2 * CHUNK)
  })

  it('the email routes refuse a streamed body past their limit with 413 while reading it', async () => {
    for (const [path, type] of [
      ['/email/unsubscribe', 'application/x-www-form-urlencoded'],
      ['/email/preferences', 'application/x-www-form-urlencoded'],
      ['/newsletter/confirm', 'application/x-www-form-urlencoded'],
      ['/webhooks/email', 'application/json'],
    ] as const) {
      const { stream, state } = lazyBody(50 * MB, 'token=')
      const res = await app.request('POST', path, {
        rawBody: stream as unknown as Uint8Array,
        headers: { 'content-type': type },
      })
      expect(res.status, `${path}: ${res.text}`).toBe(413)
      expect(state.pulled, path).toBeLessThanOrEqual(256 * 1024 + 2 * CHUNK)
    }
  })
})
