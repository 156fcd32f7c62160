/**
 * The instance's metrics (decision 0225) and the System view (decision 0226): the listener
 * answers Prometheus text to the bearer token alone (404 otherwise, and always without a token),
 * its counters move with traffic (a request, a job, a sign-in failure), the heartbeat shows an
 * instance as running then missing, and `/api/admin/system` answers admins only.
 */
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { sql } from '@payloadcms/db-postgres/drizzle'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { backups } from '@/db'
import { drainEmailQueue } from '@/jobs/queue'
import { EMAIL_QUEUE } from '@/lib/constants'
import { instrumentHttpServers } from '@/lib/metrics/http'
import { setBackupSource } from '@/lib/metrics/registry.mjs'
import { beat } from '@/services/system/heartbeat'
import { thisInstance } from '@/services/system/instance'
import { createMetricsServer, enableProcessMetrics } from '@/services/system/metrics-server'
import { flushRequestErrors, recordFailedAnswer } from '@/services/system/request-errors'
import type { SystemStatus } from '@/services/system/status'

import { startApp, type TestApp } from '../helpers/app'

const TOKEN = randomBytes(24).toString('hex')
let app: TestApp
let metricsUrl: string
let bareUrl: string
const servers: http.Server[] = []

const listen = async (server: http.Server) => {
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

beforeAll(async () => {
  app = await startApp()
  enableProcessMetrics()
  metricsUrl = await listen(createMetricsServer({ token: TOKEN, source: async () => app.payload }))
  bareUrl = await listen(createMetricsServer({ token: undefined, source: async () => app.payload }))
})
afterAll(async () => {
  for (const server of servers) server.close()
  await app?.close()
})

type Sample = { name: string; labels: Record<string, string>; value: number }

/** Prometheus's text format, line by line: anything else in the answer fails the parse. */
const parsePrometheus = (text: string): Sample[] => {
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    if (line === '') continue
    if (line.startsWith('#')) {
      expect(line).toMatch(/^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+$/)
      continue
    }
    const match = line.match(/^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/)
    if (!match) throw new Error(`Not Prometheus text: ${line}`)
    const labels: Record<string, string> = {}
    for (const [, key, value] of (match[2] ?? '').matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g))
      labels[key] = value
    // A number, or one of the words Prometheus's parser (Go's ParseFloat) takes in any case: an
    // event-loop gauge is `Nan` before its first sample.
    expect(match[3]).toMatch(/^(NaN|[+-]Inf|[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?)$/i)
    const word = match[3].toLowerCase()
    const value = word === '+inf' ? Infinity : word === '-inf' ? -Infinity : Number(match[3])
    samples.push({ name: match[1], labels, value })
  }
  return samples
}

const scrape = async () => {
  const response = await fetch(`${metricsUrl}/metrics`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
  return parsePrometheus(await response.text())
}

const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter(
      (sample) =>
        sample.name === name &&
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0)

describe('metrics listener', () => {
  it('answers 404 without the token, with a wrong one, and to anyone while no token is set', async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(1)}` },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ]) {
      const response = await fetch(`${metricsUrl}/metrics`, { headers })
      expect(response.status).toBe(404)
      expect(await response.text()).not.toContain('starfinity_')
    }
    const unset = await fetch(`${bareUrl}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    expect(unset.status).toBe(404)
    const elsewhere = await fetch(`${metricsUrl}/`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    expect(elsewhere.status).toBe(404)
  })

  it('answers Prometheus text with the process metrics and every metric of the site', async () => {
    const samples = await scrape()
    const names = new Set(samples.map((sample) => sample.name))
    for (const name of [
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'starfinity_db_pool_connections',
    ])
      expect(names).toContain(name)
    const pool = samples.filter((s) => s.name === 'starfinity_db_pool_connections')
    expect(pool.map((s) => s.labels.state).sort()).toEqual(['idle', 'in_use', 'waiting'])
    // No backup yet: 0 (never), which the alert on its age takes as too old; once the backups
    // module tells, the time of the last one.
    expect(valueOf(samples, 'starfinity_backup_last_success_timestamp_seconds')).toBe(0)
    setBackupSource(async () => ({ takenAt: new Date('2026-12-06T03:00:00Z') }))
    try {
      const withBackup = await scrape()
      expect(valueOf(withBackup, 'starfinity_backup_last_success_timestamp_seconds')).toBe(
        Date.parse('2026-12-06T03:00:00Z') / 1000,
      )
    } finally {
      setBackupSource(undefined)
    }
  })

  it('counts requests by route group, method and status, and times them', async () => {
    instrumentHttpServers(recordFailedAnswer)
    const site = http.createServer((request, response) => {
      if (request.url === '/api/health') return void response.writeHead(200).end('ok')
      response.setHeader('x-request-id', '0123456789abcdef0123456789abcdef')
      response.writeHead(503).end('down')
    })
    const url = await listen(site)
    const before = await scrape()
    for (const path of ['/api/health', '/api/health', '/api/admin/overview?secret=x'])
      await (await fetch(`${url}${path}`)).text()
    const after = await scrape()
    const health = { group: 'api-health', method: 'GET', status: '200' }
    expect(valueOf(after, 'starfinity_http_requests_total', health)).toBe(
      valueOf(before, 'starfinity_http_requests_total', health) + 2,
    )
    const failed = { group: 'api-admin', method: 'GET', status: '503' }
    expect(valueOf(after, 'starfinity_http_requests_total', failed)).toBe(
      valueOf(before, 'starfinity_http_requests_total', failed) + 1,
    )
    expect(
      valueOf(after, 'starfinity_http_request_duration_seconds_count', { group: 'api-health' }),
    ).toBe(
      valueOf(before, 'starfinity_http_request_duration_seconds_count', { group: 'api-health' }) +
        2,
    )
    // No path or query ever becomes a label.
    expect(JSON.stringify(after)).not.toContain('secret')

    // The failed answer is kept for the System view with its request id.
    await flushRequestErrors(app.payload)
    const full = await app.createUser(`sys-full-${Date.now()}`, 'full')
    const status = (await app.request('GET', '/admin/system', { token: full })).body as SystemStatus
    expect(status.errors.lastHour).toBeGreaterThanOrEqual(1)
    expect(status.errors.recent).toContainEqual(
      expect.objectContaining({
        requestId: '0123456789abcdef0123456789abcdef',
        route: 'api-admin',
        status: 503,
        errorClass: 'HTTP 503',
      }),
    )
  })

  it('counts sign-in failures by reason', async () => {
    const username = `sys-signin-${Date.now()}`
    await app.createUser(username, 'full')
    const before = await scrape()
    const wrong = await app.request('POST', '/admin/login', {
      body: { username, password: 'not-the-password-at-all' },
    })
    expect(wrong.status).toBe(401)
    const unknown = await app.request('POST', '/admin/login', {
      body: { username: `${username}-nobody`, password: 'not-the-password-at-all' },
    })
    expect(unknown.status).toBe(401)
    const after = await scrape()
    for (const reason of ['wrong_password', 'unknown_user'])
      expect(valueOf(after, 'starfinity_sign_in_failures_total', { reason })).toBe(
        valueOf(before, 'starfinity_sign_in_failures_total', { reason }) + 1,
      )
  })

  it('shows a due job as waiting, by task, and counts it when it is run', async () => {
    const task = 'rollupDeliverabilityMetrics'
    await drainEmailQueue(app.payload)
    const before = await scrape()
    await app.payload.jobs.queue({ task, input: {}, queue: EMAIL_QUEUE })
    const queued = await scrape()
    expect(valueOf(queued, 'starfinity_jobs_waiting', { task })).toBe(
      valueOf(before, 'starfinity_jobs_waiting', { task }) + 1,
    )
    expect(
      valueOf(queued, 'starfinity_jobs_oldest_waiting_seconds', { task }),
    ).toBeGreaterThanOrEqual(0)
    await drainEmailQueue(app.payload)
    const ran = await scrape()
    expect(valueOf(ran, 'starfinity_jobs_waiting', { task })).toBe(0)
    expect(valueOf(ran, 'starfinity_jobs_claimed_total', { task })).toBe(
      valueOf(before, 'starfinity_jobs_claimed_total', { task }) + 1,
    )
  })
})

describe('System view', () => {
  it('lists this instance from its heartbeat, then as missing once it stops beating', async () => {
    await beat(app.payload)
    const full = await app.createUser(`sys-admin-${Date.now()}`, 'full')
    const read = async () =>
      (await app.request('GET', '/admin/system', { token: full })).body as SystemStatus
    const instance = thisInstance()
    expect((await read()).instances).toContainEqual(
      expect.objectContaining({ id: instance.id, buildId: instance.buildId, state: 'running' }),
    )
    expect(valueOf(await scrape(), 'starfinity_instances', { state: 'missing' })).toBe(0)
    await app.payload.db.drizzle.execute(
      sql`UPDATE instance_heartbeats SET last_seen_at = now() - interval '1 minute'`,
    )
    expect((await read()).instances).toContainEqual(
      expect.objectContaining({ id: instance.id, state: 'missing' }),
    )
    expect(valueOf(await scrape(), 'starfinity_instances', { state: 'missing' })).toBe(1)
    // Long gone: dropped at the next heartbeat of any instance.
    await app.payload.db.drizzle.execute(
      sql`UPDATE instance_heartbeats SET instance_id = 'gone:3000', last_seen_at = now() - interval '1 hour'`,
    )
    await beat(app.payload)
    const ids = (await read()).instances.map((i) => i.id)
    expect(ids).toContain(instance.id)
    expect(ids).not.toContain('gone:3000')
  })

  it('answers full and demo admins (with no personal data), refuses editors and visitors', async () => {
    recordFailedAnswer({ requestId: null, group: 'page', method: 'GET', status: 500 })
    await flushRequestErrors(app.payload)
    const stamp = Date.now()
    const full = await app.createUser(`sys-f-${stamp}`, 'full')
    const demo = await app.createUser(`sys-d-${stamp}`, 'demo')
    const editor = await app.createUser(`sys-e-${stamp}`, 'editor')
    const asFull = await app.request('GET', '/admin/system', { token: full })
    const asDemo = await app.request('GET', '/admin/system', { token: demo })
    expect(asFull.status).toBe(200)
    expect(asDemo.status).toBe(200)
    const body = asDemo.body as SystemStatus
    expect(body.backup).toBeNull()
    // A backup taken (decision 0230): its time, size and file, which hold nothing personal.
    await app.payload.db.drizzle.insert(backups).values({
      backedUpAt: '2026-12-06T03:00:00Z',
      file: 'starfinity-backup-20261206T030000Z.tar.gz',
      sizeBytes: 1234,
      sha256: 'a'.repeat(64),
      kind: 'scheduled',
    })
    const afterBackup = (await app.request('GET', '/admin/system', { token: demo })).body
    expect((afterBackup as SystemStatus).backup).toEqual({
      takenAt: '2026-12-06T03:00:00.000Z',
      sizeBytes: 1234,
      file: 'starfinity-backup-20261206T030000Z.tar.gz',
    })
    expect(body.errors.recent.length).toBeGreaterThan(0)
    expect(Object.keys(body).sort()).toEqual(
      ['backup', 'email', 'errors', 'generatedAt', 'instances', 'jobs', 'pageCache'].sort(),
    )
    expect(asDemo.text).not.toMatch(/@/)
    expect((await app.request('GET', '/admin/system', { token: editor })).status).toBe(403)
    expect([401, 403]).toContain((await app.request('GET', '/admin/system')).status)
  })
})
