import { createHash, timingSafeEqual } from 'node:crypto'
import type { EventEmitter } from 'node:events'
import http from 'node:http'

import type { Payload } from 'payload'

import { env } from '@/lib/env'
import { instrumentHttpServers, uncounted } from '@/lib/metrics/http'
import { countFailedStatements } from '@/lib/metrics/pool'
import { client, metrics, setBackupSource } from '@/lib/metrics/registry.mjs'
import { lastBackup } from '@/services/backups/last-backup'
import { payloadClient } from '@/services/content/client'

import { startHeartbeat } from './heartbeat'
import { recordFailedAnswer } from './request-errors'
import { readInstances, waitingJobsByTask } from './status'

/**
 * The metrics listener (decision 0225): its own port on a private address, which the front never
 * serves. It answers `GET /metrics` to `Authorization: Bearer METRICS_TOKEN` alone; anything else,
 * and everything while no token is set, answers 404 (nothing tells a prober that it exists).
 */
export const METRICS_PATH = '/metrics'

const digest = (value: string) => createHash('sha256').update(value).digest()

/** Whether the Authorization header carries the token (compared in constant time). */
export const isMetricsRequestAllowed = (authorization: string | undefined, token?: string) => {
  if (!token || !authorization?.startsWith('Bearer ')) return false
  return timingSafeEqual(digest(authorization.slice('Bearer '.length)), digest(token))
}

/** The gauges read at scrape time: the pool, the jobs queue and the instances, from PostgreSQL. */
const addDatabaseGauges = (source: () => Promise<Payload>) => {
  const { registry, state } = metrics()
  const marks = state as typeof state & { databaseGauges?: true }
  if (marks.databaseGauges) return
  marks.databaseGauges = true
  new client.Gauge({
    name: 'starfinity_db_pool_connections',
    help: 'Connections of the database pool: in use, idle, and requests waiting for one.',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const {
        totalCount = 0,
        idleCount = 0,
        waitingCount = 0,
      } = ((await source()).db as unknown as { pool?: Record<string, number> }).pool ?? {}
      this.set({ state: 'in_use' }, totalCount - idleCount)
      this.set({ state: 'idle' }, idleCount)
      this.set({ state: 'waiting' }, waitingCount)
    },
  })
  const jobsOldest = new client.Gauge({
    name: 'starfinity_jobs_oldest_waiting_seconds',
    help: 'How long the oldest due job of each task has been waiting.',
    labelNames: ['task'],
    registers: [registry],
  })
  new client.Gauge({
    name: 'starfinity_jobs_waiting',
    help: 'Due jobs not yet run, by task (read from the database at each scrape).',
    labelNames: ['task'],
    registers: [registry],
    async collect() {
      const tasks = await waitingJobsByTask(await source())
      this.reset()
      jobsOldest.reset()
      for (const { task, waiting, oldestSeconds } of tasks) {
        this.set({ task }, waiting)
        jobsOldest.set({ task }, oldestSeconds)
      }
    },
  })
  new client.Gauge({
    name: 'starfinity_instances',
    help: 'Instances by their heartbeat: running (seen lately) or missing (stopped beating).',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const instances = await readInstances(await source())
      this.set({ state: 'running' }, instances.filter((i) => i.state === 'running').length)
      this.set({ state: 'missing' }, instances.filter((i) => i.state === 'missing').length)
    },
  })
}

/** Node's process metrics (CPU, memory, event loop, GC), prom-client's defaults; once. */
export const enableProcessMetrics = () => {
  const { registry, state } = metrics()
  const marks = state as typeof state & { processMetrics?: true }
  if (marks.processMetrics) return
  marks.processMetrics = true
  client.collectDefaultMetrics({ register: registry })
}

/** The metrics text, or null when the request may not have it. */
export const metricsAnswer = async (
  authorization: string | undefined,
  token: string | undefined,
  source: () => Promise<Payload> = payloadClient,
) => {
  if (!isMetricsRequestAllowed(authorization, token)) return null
  addDatabaseGauges(source)
  const { registry } = metrics()
  return { contentType: registry.contentType, body: await registry.metrics() }
}

/** A listener answering the metrics (tests start it on port 0). */
export const createMetricsServer = ({
  token,
  source = payloadClient,
}: {
  token: string | undefined
  source?: () => Promise<Payload>
}) =>
  uncounted(
    http.createServer(async (request, response) => {
      const path = (request.url ?? '').split('?')[0]
      const answer =
        request.method === 'GET' && path === METRICS_PATH
          ? await metricsAnswer(request.headers.authorization, token, source).catch(() => undefined)
          : null
      if (answer === undefined) {
        response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n')
      } else if (answer === null) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found\n')
      } else {
        response.writeHead(200, { 'content-type': answer.contentType }).end(answer.body)
      }
    }),
  )

/**
 * In the Next server (instrumentation.ts): the heartbeat always; with METRICS_TOKEN, the process
 * metrics and the count of every request; with METRICS_PORT, the listener.
 */
export const startInstanceMonitoring = async () => {
  const settings = env()
  const payload = await payloadClient()
  startHeartbeat(payload)
  setBackupSource(lastBackup)
  countFailedStatements((payload.db as unknown as { pool?: EventEmitter }).pool)
  instrumentHttpServers(recordFailedAnswer, Boolean(settings.METRICS_TOKEN))
  if (settings.METRICS_TOKEN) enableProcessMetrics()
  if (settings.METRICS_PORT === undefined) return
  const server = createMetricsServer({ token: settings.METRICS_TOKEN })
  server.on('error', (error) =>
    payload.logger.error({ msg: 'metrics listener failed', error: error.message }),
  )
  server.listen(settings.METRICS_PORT, settings.METRICS_HOST, () =>
    payload.logger.info({
      msg: 'metrics listening',
      address: `${settings.METRICS_HOST}:${settings.METRICS_PORT}`,
    }),
  )
  server.unref()
}
