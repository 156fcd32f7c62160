/**
 * One request id (decision 0207): Payload's REST routes answer under the request's id (the Next
 * route wraps them with `withRequestId`, as here), every answer carries it back, and every line
 * logged while answering carries it too. An incoming id is kept only when it is well formed.
 */
import { Writable } from 'node:stream'

import config from '@payload-config'
import { handleEndpoints } from 'payload'
import pino, { type Logger, type LoggerOptions } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { withRequestId } from '@/lib/request-id'

import { startApp, type TestApp } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(async () => app?.close())

const resolvedConfig = async () => config
const route = withRequestId(async (request: Request) =>
  handleEndpoints({ config: resolvedConfig(), request }),
)

/** A request Payload refuses and logs (a collection an anonymous client may not read). */
const refusedRead = async (headers: Record<string, string> = {}) => {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  const { options } = app.payload.config.logger as { options: LoggerOptions }
  const original = app.payload.logger
  app.payload.logger = pino({ ...options, level: 'info' }, stream) as Logger
  try {
    const response = await route(
      new Request('http://localhost:3000/api/waitlist-entries', {
        headers: { 'x-forwarded-for': '203.0.113.7', ...headers },
      }),
      undefined,
    )
    await response.text()
    return {
      status: response.status,
      requestId: response.headers.get('x-request-id'),
      logged: lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    }
  } finally {
    app.payload.logger = original
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe('request id', () => {
  it('gives a request without one an id of its own, in the answer and in its log lines', async () => {
    const { status, requestId, logged } = await refusedRead()
    expect(status).toBe(403)
    expect(requestId).toMatch(UUID)
    expect(logged.length).toBeGreaterThan(0)
    for (const line of logged) expect(line.requestId).toBe(requestId)
  })

  it('keeps a well-formed incoming id (the front’s 32 hex digits, or a UUID)', async () => {
    for (const sent of [
      '0123456789abcdef0123456789abcdef',
      '3f0c1a52-8d1e-4b7a-9c2f-5e6d7a8b9c0d',
    ]) {
      const { requestId, logged } = await refusedRead({ 'x-request-id': sent })
      expect(requestId).toBe(sent)
      expect(logged.length).toBeGreaterThan(0)
      for (const line of logged) expect(line.requestId).toBe(sent)
    }
  })

  it('replaces a malformed incoming id, so a client writes nothing into the log lines', async () => {
    for (const sent of ['abc', 'x'.repeat(32), '0123456789abcdef0123456789abcdef" forged="1']) {
      const { requestId, logged } = await refusedRead({ 'x-request-id': sent })
      expect(requestId).toMatch(UUID)
      expect(logged.length).toBeGreaterThan(0)
      for (const line of logged) expect(line.requestId).toBe(requestId)
      expect(JSON.stringify(logged)).not.toContain('forged')
    }
  })

  it('logs no id outside a request', () => {
    const lines: string[] = []
    const { options } = app.payload.config.logger as { options: LoggerOptions }
    const logger = pino(
      options,
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk))
          done()
        },
      }),
    )
    logger.warn('outside')
    expect(JSON.parse(lines[0]).requestId).toBeUndefined()
  })
})
