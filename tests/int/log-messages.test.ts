/**
 * Log lines carry no personal data in their message either: Payload logs a failed query's SQL and
 * parameters as the message of its error line, and a message may quote what a client sent. The
 * lines are written through the logger options of the site's configuration.
 */
import { Writable } from 'node:stream'

import pino, { type LoggerOptions } from 'pino'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { logKey } from '@/lib/log-keys'

import { startApp, type TestApp, uniqueEmail } from '../helpers/app'

let app: TestApp
let full: string
beforeAll(async () => {
  app = await startApp()
  full = await app.createUser('full-logs', 'full')
})
afterAll(async () => app?.close())

/** A logger with the site's options, writing its lines into `lines`. */
const recordingLogger = () => {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  const { options } = app.payload.config.logger as { options: LoggerOptions }
  return { logger: pino(options, stream), lines }
}

describe('log messages', () => {
  it('redacts the address from the line Payload logs for a failed query with an address in it', async () => {
    const email = uniqueEmail('logged')
    const error = vi.spyOn(app.payload.logger, 'error')
    const res = await app.request(
      'GET',
      `/waitlist-entries?where[email][equals]=${encodeURIComponent(email)}&where[id][equals]=1.5`,
      { token: full },
    )
    expect(res.status).toBe(400)
    expect(error).toHaveBeenCalled()
    const calls = error.mock.calls
    error.mockRestore()
    // What Payload handed its logger holds the address; what the site's logger writes does not.
    expect(
      JSON.stringify(calls.map((args) => String((args[0] as { err?: Error }).err?.message))),
    ).toContain(email)
    const { logger, lines } = recordingLogger()
    for (const args of calls) logger.error(...(args as [object]))
    expect(lines.length).toBe(calls.length)
    for (const line of lines) {
      expect(line).not.toContain(email)
      expect(JSON.parse(line).msg).toContain('[redacted]')
    }
  })

  it('redacts addresses, IPs and tokens from string messages and msg fields alike', () => {
    const { logger, lines } = recordingLogger()
    logger.warn('signup from someone@example.com at 10.1.2.3')
    logger.warn({ msg: 'token abcdefghijklmnopqrstuvwxyz123456 used', route: '/x' })
    logger.warn({ route: '/y' }, 'reply to other@example.com')
    logger.warn({ route: '/z' }, 'plain message')
    const messages = lines.map((line) => JSON.parse(line).msg as string)
    expect(messages).toEqual([
      'signup from [redacted] at [redacted]',
      'token [redacted] used',
      'reply to [redacted]',
      'plain message',
    ])
    expect(JSON.parse(lines[1]!).route).toBe('/x')
  })

  it('writes a sign-in name or an address only as a keyed hash, in every line', async () => {
    const { logger, lines } = recordingLogger()
    logger.warn({ msg: 'sign-in refused', username: 'Mistyped-Password-123' })
    logger.warn({ msg: 'mailed', email: 'someone@example.com', route: '/x' })
    const [refused, mailed] = lines.map((line) => JSON.parse(line))
    expect(refused).toMatchObject({ usernameKey: logKey('mistyped-password-123') })
    expect(mailed).toMatchObject({ emailKey: logKey('someone@example.com'), route: '/x' })
    expect(lines.join('')).not.toMatch(/Mistyped|someone@/i)
    // The same name always gives the same key, another name another one.
    expect(logKey('Ann ')).toBe(logKey('ann'))
    expect(logKey('ann')).not.toBe(logKey('anne'))
  })

  it("a failed sign-in through Payload's door and the spec's logs the name as its keyed hash", async () => {
    const username = `typed-${Date.now()}`
    const warn = vi.spyOn(app.payload.logger, 'warn')
    for (const path of ['/users/login', '/admin/login']) {
      const res = await app.request('POST', path, {
        body: { username, password: 'wrong-password-123' },
      })
      expect(res.status, res.text).toBe(401)
    }
    const calls = warn.mock.calls
    warn.mockRestore()
    expect(calls.length).toBeGreaterThanOrEqual(2)
    expect(JSON.stringify(calls)).not.toContain(username)
    expect(JSON.stringify(calls)).toContain(logKey(username))
  })
})
