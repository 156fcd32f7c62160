import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { randomIp, startApp, type TestApp } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(async () => app?.close())

const MB = 1024 * 1024

/**
 * A JSON body of `size` bytes made while it is read (nothing held in memory up front); `pulled`
 * tells how much the server read.
 */
const lazyBody = (size: number) => {
  const chunk = new TextEncoder().encode('x'.repeat(64 * 1024))
  const state = { pulled: 0 }
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled === 0) {
        controller.enqueue(new TextEncoder().encode('{"email":"a@b.example","firstName":"'))
        state.pulled += 36
        return
      }
      const left = size - state.pulled
      if (left <= 0) return controller.close()
      const piece = left >= chunk.byteLength ? chunk : chunk.subarray(0, left)
      state.pulled += piece.byteLength
      controller.enqueue(piece)
    },
  })
  return { stream, state }
}

const postLarge = (path: string, size: number, { declareLength = true } = {}) => {
  const { stream, state } = lazyBody(size)
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (declareLength) headers['content-length'] = String(size)
  const response = app.request('POST', path, {
    rawBody: stream as unknown as Uint8Array,
    headers,
    ip: randomIp(),
  })
  return response.then((res) => ({ res, pulled: state.pulled }))
}

describe('body limits before buffering', () => {
  it('a 10 MB post is refused with 413 from its Content-Length, without reading the body', async () => {
    for (const path of ['/newsletter', '/contact', '/waitlist', '/analytics/track']) {
      const { res, pulled } = await postLarge(path, 10 * MB)
      expect(res.status, path).toBe(413)
      expect(res.body.message).toMatch(/too large/)
      expect(pulled, path).toBeLessThan(MB)
    }
  })

  it('a 10 MB chunked post (no Content-Length) is refused once the limit is passed', async () => {
    const { res, pulled } = await postLarge('/newsletter', 10 * MB, { declareLength: false })
    expect(res.status).toBe(413)
    expect(pulled).toBeLessThan(MB)
  })

  it('30 parallel 9.9 MB posts are refused having read less than 1 MB of each', async () => {
    // The process can hold no more of a body than it read from the connection: measured by the
    // bytes each post handed over (the sender makes them only when read), not by the process's
    // memory, which other work on the machine moves.
    const size = Math.floor(9.9 * MB)
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postLarge(i % 2 ? '/newsletter' : '/contact', size, { declareLength: i % 3 !== 0 }),
      ),
    )
    expect(results.map(({ res }) => res.status)).toEqual(results.map(() => 413))
    for (const { pulled } of results) expect(pulled).toBeLessThan(MB)
    const read = results.reduce((sum, { pulled }) => sum + pulled, 0)
    console.info(`read ${(read / MB).toFixed(1)} MB of ${((30 * size) / MB).toFixed(0)} MB posted`)
    expect(read).toBeLessThan(30 * MB)
  })
})
