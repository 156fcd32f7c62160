/**
 * `npm run worker` (scripts/worker.ts, decision 0280): the site's jobs queue in a process of its
 * own. Started as `npm start` starts it (scripts/run-ts.mjs), on this file's database: it sends the
 * queued email through the mail server, publishes a scheduled draft and tells the site's server on
 * PORT which pages to refresh (a signed order, as the server's own timer sends it), then stops
 * cleanly on SIGTERM. With the queue timer off it refuses to start.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import {
  REVALIDATE_ENDPOINT,
  REVALIDATE_SIGNATURE_HEADER,
  type RevalidateOrder,
  isSignedRevalidation,
} from '@/lib/revalidate-request'
import { queueEmail } from '@/services/email/queue'

import { startApp, type TestApp, uniqueEmail } from '../helpers/app'
import { LoopbackSmtp } from '../helpers/smtp'

const smtpPort = await vi.hoisted(async () => {
  const { configureLoopbackSmtp } = await import('../helpers/smtp')
  return configureLoopbackSmtp()
})
const smtp = new LoopbackSmtp(smtpPort)
const root = path.resolve(import.meta.dirname, '../..')

let app: TestApp
/** Stands in for the site's server on PORT: keeps the revalidation orders it is sent. */
let server: http.Server
const orders: { order: RevalidateOrder; signed: boolean }[] = []

beforeAll(async () => {
  app = await startApp()
  await smtp.start()
  server = http.createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      if (request.method === 'POST' && request.url === `/api${REVALIDATE_ENDPOINT}`) {
        const order = JSON.parse(body) as RevalidateOrder
        const signature = request.headers[REVALIDATE_SIGNATURE_HEADER]
        orders.push({ order, signed: isSignedRevalidation(order, String(signature ?? '')) })
      }
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
}, 120_000)

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve))
  await smtp.stop()
  await app?.close()
})

const startWorker = (env: Record<string, string>) => {
  const child = spawn(process.execPath, ['scripts/run-ts.mjs', 'scripts/worker.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  return { child, exited, output: () => output }
}

const running: ChildProcess[] = []
afterAll(() => {
  for (const child of running) child.kill('SIGKILL')
})

describe('npm run worker', () => {
  it('sends the queued email, publishes what is due, tells the server, and stops on SIGTERM', async () => {
    const to = uniqueEmail('worker')
    await queueEmail(app.payload, {
      to,
      subject: 'From the worker',
      text: 'Sent by the worker.',
      emailType: 'reply',
    })
    const draft = await app.payload.create({
      collection: 'faq-items',
      data: {
        group: 'About',
        question: 'Does the worker publish on time?',
        answer: 'It does.',
        _status: 'draft',
      } as never,
      context: { disableRevalidate: true },
    })
    await app.payload.jobs.queue({
      task: 'schedulePublish',
      input: { type: 'publish', doc: { relationTo: 'faq-items', value: draft.id } },
      waitUntil: new Date(Date.now() - 1000),
    })

    const worker = startWorker({
      EMAIL_QUEUE_CRON: '* * * * * *',
      PORT: String((server.address() as AddressInfo).port),
      SMTP_URL: smtp.url,
    })
    running.push(worker.child)

    await expect.poll(() => smtp.to(to).length, { timeout: 60_000 }).toBe(1)
    expect(smtp.to(to)[0]!.parsed.subject).toBe('From the worker')
    await expect
      .poll(
        async () =>
          (await app.payload.findByID({ collection: 'faq-items', id: draft.id, depth: 0 }))._status,
        { timeout: 30_000 },
      )
      .toBe('published')
    await expect.poll(() => orders.length, { timeout: 30_000 }).toBeGreaterThan(0)
    expect(orders.every((entry) => entry.signed)).toBe(true)
    expect(orders.some((entry) => entry.order.paths.includes('/faq'))).toBe(true)
    expect(worker.output()).toMatch(/"msg":"worker running"/)

    worker.child.kill('SIGTERM')
    expect(await worker.exited).toBe(0)
    expect(worker.output()).toMatch(/"msg":"worker stopped"/)
    // Each message once: the worker sent it, and nothing is left to send again.
    expect(smtp.to(to)).toHaveLength(1)
  }, 120_000)

  it('refuses to start with the queue timer off', async () => {
    const worker = startWorker({ EMAIL_QUEUE_CRON: 'off' })
    running.push(worker.child)
    expect(await worker.exited).toBe(1)
    expect(worker.output()).toMatch(/EMAIL_QUEUE_CRON, which is off/)
  }, 60_000)
})
