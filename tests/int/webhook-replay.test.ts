import { createHmac, randomBytes } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres/drizzle'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { REPLAYED } from '@/services/email/webhook'

import { startApp, type TestApp, uniqueEmail } from '../helpers/app'

const SECRET = 'webhook-secret-for-replay-tests-0123'

vi.hoisted(() => {
  delete process.env.SMTP_URL
  process.env.EMAIL_WEBHOOK_SECRET = 'webhook-secret-for-replay-tests-0123'
})

let app: TestApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(async () => app?.close())

const isSuppressed = async (email: string) =>
  (
    await app.payload.find({
      collection: 'email-suppressions',
      where: { email: { equals: email }, isActive: { equals: true } },
    })
  ).totalDocs > 0

/** A Mailgun signature: HMAC over timestamp and token only; the body is not covered. */
const signature = (token = randomBytes(25).toString('hex')) => {
  const timestamp = String(Math.floor(Date.now() / 1000))
  return {
    timestamp,
    token,
    signature: createHmac('sha256', SECRET)
      .update(timestamp + token)
      .digest('hex'),
  }
}

const bounceFor = (email: string, signed: ReturnType<typeof signature>) => ({
  signature: signed,
  'event-data': {
    id: `mg-${randomBytes(6).toString('hex')}`,
    event: 'failed',
    severity: 'permanent',
    recipient: email,
    'delivery-status': { description: 'No such user', code: 550 },
  },
})

const send = (body: unknown) => app.request('POST', '/webhooks/email', { body })

describe('Mailgun webhook replays', () => {
  it('a captured call replayed with a changed body is refused (409) and changes nothing', async () => {
    const signed = signature()
    const victim = uniqueEmail('bounced')
    const first = await send(bounceFor(victim, signed))
    expect(first.status, first.text).toBe(200)
    expect(await isSuppressed(victim)).toBe(true)

    const other = uniqueEmail('replay-target')
    const replay = await send(bounceFor(other, signed))
    expect(replay.status).toBe(409)
    expect(replay.body).toEqual({ message: REPLAYED })
    expect(await isSuppressed(other)).toBe(false)
  })

  it('concurrent replays of one signature: exactly one is accepted', async () => {
    const signed = signature()
    const targets = Array.from({ length: 12 }, (_, i) => uniqueEmail(`race${i}`))
    const answers = await Promise.all(targets.map((email) => send(bounceFor(email, signed))))
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(11).fill(409)])
    const suppressed = await Promise.all(targets.map(isSuppressed))
    expect(suppressed.filter(Boolean)).toHaveLength(1)
  })

  it('seen tokens older than the freshness window are pruned', async () => {
    await app.payload.db.drizzle.execute(sql`
      INSERT INTO webhook_tokens (token, updated_at, created_at)
      VALUES ('old-token-from-an-hour-ago', now(), now() - interval '1 hour')`)
    expect((await send(bounceFor(uniqueEmail('prune'), signature()))).status).toBe(200)
    const left = await app.payload.db.drizzle.execute(
      sql`SELECT count(*)::int AS n FROM webhook_tokens WHERE token = 'old-token-from-an-hour-ago'`,
    )
    expect((left.rows[0] as { n: number }).n).toBe(0)
  })

  it('the seen tokens are readable by no one through the API', async () => {
    const full = await app.createUser('webhook-admin', 'full')
    const res = await app.request('GET', '/webhook-tokens', { token: full })
    expect(res.status).toBe(403)
    expect(res.text).not.toMatch(/[0-9a-f]{50}/)
  })
})
