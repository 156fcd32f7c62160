import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import {
  bare,
  email_logs,
  email_suppressions,
  instance_heartbeats,
  page_cache_revalidations,
  payload_jobs,
  request_errors,
} from '@/db'
import { lastBackup } from '@/services/backups/last-backup'

import { MISSING_AFTER_SECONDS } from './heartbeat'

/**
 * What the System view shows (decision 0226), read in a few indexed statements. Nothing in it is
 * personal: instance names, counts, times, route groups, error classes and request ids.
 */
export type SystemStatus = {
  generatedAt: string
  instances: {
    id: string
    buildId: string
    version: string
    startedAt: string
    lastSeenAt: string
    state: 'running' | 'missing'
  }[]
  jobs: {
    waiting: number
    oldestWaitingSeconds: number | null
    failedLastHour: number
    byTask: JobsOfTask[]
  }
  email: {
    sentLastHour: number
    failedLastHour: number
    sentPerMinute: number
    activeSuppressions: number
    suppressionsLast24h: number
  }
  pageCache: { lastRevalidationAt: string | null; lastRevalidatedPath: string | null }
  /** The last backup (decision 0230); null until one is taken. */
  backup: { takenAt: string; sizeBytes: number; file: string } | null
  errors: {
    lastHour: number
    recent: {
      occurredAt: string
      instanceId: string
      requestId: string | null
      route: string
      method: string
      status: number
      errorClass: string
    }[]
  }
}

export type JobsOfTask = { task: string; waiting: number; oldestSeconds: number }

type Rows<T> = { rows: T[] }
const rowsOf = async <T>(payload: Payload, statement: ReturnType<typeof sql>) =>
  ((await payload.db.drizzle.execute(statement)) as unknown as Rows<T>).rows

/** Due jobs not yet done, by task, and how long the oldest has been due (read at each scrape too). */
export const waitingJobsByTask = async (payload: Payload): Promise<JobsOfTask[]> =>
  (
    await rowsOf<{ task: string; waiting: number; oldest: number }>(
      payload,
      sql`
    SELECT ${bare(payload_jobs.taskSlug)}::text AS task, count(*)::int AS waiting,
      extract(epoch FROM now() - min(greatest(${bare(payload_jobs.createdAt)}, coalesce(${bare(payload_jobs.waitUntil)}, ${bare(payload_jobs.createdAt)}))))::float8 AS oldest
    FROM ${payload_jobs}
    WHERE ${bare(payload_jobs.completedAt)} IS NULL AND ${bare(payload_jobs.hasError)} IS NOT true
      AND (${bare(payload_jobs.waitUntil)} IS NULL OR ${bare(payload_jobs.waitUntil)} <= now())
    GROUP BY 1 ORDER BY 1`,
    )
  ).map((row) => ({ task: row.task ?? 'unknown', waiting: row.waiting, oldestSeconds: row.oldest }))

/** Instances seen within DROP_AFTER_SECONDS, running or missing. */
export const readInstances = async (payload: Payload): Promise<SystemStatus['instances']> =>
  (
    await rowsOf<{
      id: string
      build_id: string
      version: string
      started_at: string
      last_seen_at: string
      missing: boolean
    }>(
      payload,
      sql`
    SELECT ${bare(instance_heartbeats.instanceId)} AS id, ${bare(instance_heartbeats.buildId)}, ${bare(instance_heartbeats.version)},
      ${bare(instance_heartbeats.startedAt)}, ${bare(instance_heartbeats.lastSeenAt)},
      ${bare(instance_heartbeats.lastSeenAt)} < now() - make_interval(secs => ${MISSING_AFTER_SECONDS}) AS missing
    FROM ${instance_heartbeats} ORDER BY ${bare(instance_heartbeats.instanceId)}`,
    )
  ).map((row) => ({
    id: row.id,
    buildId: row.build_id,
    version: row.version,
    startedAt: new Date(row.started_at).toISOString(),
    lastSeenAt: new Date(row.last_seen_at).toISOString(),
    state: row.missing ? 'missing' : 'running',
  }))

const RECENT_ERRORS = 50

export const readSystemStatus = async (payload: Payload): Promise<SystemStatus> => {
  const [instances, byTask, [jobs], [email], [cache], [errors], recent, backup] = await Promise.all(
    [
      readInstances(payload),
      waitingJobsByTask(payload),
      rowsOf<{ failed: number }>(
        payload,
        sql`SELECT count(*)::int AS failed FROM ${payload_jobs}
        WHERE ${bare(payload_jobs.hasError)} AND ${bare(payload_jobs.updatedAt)} > now() - interval '1 hour'`,
      ),
      rowsOf<{ sent: number; failed: number; recent: number; active: number; added: number }>(
        payload,
        sql`SELECT
        (SELECT count(*)::int FROM ${email_logs} WHERE ${bare(email_logs.status)} = 'sent' AND ${bare(email_logs.updatedAt)} > now() - interval '1 hour') AS sent,
        (SELECT count(*)::int FROM ${email_logs} WHERE ${bare(email_logs.status)} = 'failed' AND ${bare(email_logs.updatedAt)} > now() - interval '1 hour') AS failed,
        (SELECT count(*)::int FROM ${email_logs} WHERE ${bare(email_logs.status)} = 'sent' AND ${bare(email_logs.updatedAt)} > now() - interval '5 minutes') AS recent,
        (SELECT count(*)::int FROM ${email_suppressions} WHERE ${bare(email_suppressions.isActive)} IS NOT false) AS active,
        (SELECT count(*)::int FROM ${email_suppressions} WHERE ${bare(email_suppressions.createdAt)} > now() - interval '1 day') AS added`,
      ),
      rowsOf<{ tag: string; at: string }>(
        payload,
        sql`SELECT ${bare(page_cache_revalidations.tag)} AS tag, ${bare(page_cache_revalidations.revalidatedAt)} AS at
        FROM ${page_cache_revalidations} ORDER BY ${bare(page_cache_revalidations.revalidatedAt)} DESC LIMIT 1`,
      ),
      rowsOf<{ count: number }>(
        payload,
        sql`SELECT count(*)::int AS count FROM ${request_errors}
        WHERE ${bare(request_errors.occurredAt)} > now() - interval '1 hour'`,
      ),
      rowsOf<{
        occurred_at: string
        instance_id: string
        request_id: string | null
        route: string
        method: string
        status: number
        error_class: string
      }>(
        payload,
        sql`SELECT ${bare(request_errors.occurredAt, request_errors.instanceId, request_errors.requestId, request_errors.route, request_errors.method, request_errors.status, request_errors.errorClass)}
        FROM ${request_errors} WHERE ${bare(request_errors.occurredAt)} > now() - interval '1 hour'
        ORDER BY ${bare(request_errors.occurredAt)} DESC LIMIT ${RECENT_ERRORS}`,
      ),
      lastBackup(),
    ],
  )
  const waiting = byTask.reduce((sum, task) => sum + task.waiting, 0)
  return {
    generatedAt: new Date().toISOString(),
    instances,
    jobs: {
      waiting,
      oldestWaitingSeconds: byTask.length
        ? Math.max(...byTask.map((task) => task.oldestSeconds))
        : null,
      failedLastHour: jobs?.failed ?? 0,
      byTask,
    },
    email: {
      sentLastHour: email?.sent ?? 0,
      failedLastHour: email?.failed ?? 0,
      sentPerMinute: Math.round(((email?.recent ?? 0) / 5) * 10) / 10,
      activeSuppressions: email?.active ?? 0,
      suppressionsLast24h: email?.added ?? 0,
    },
    pageCache: {
      lastRevalidationAt: cache ? new Date(cache.at).toISOString() : null,
      lastRevalidatedPath: cache?.tag ?? null,
    },
    backup: backup && { ...backup, takenAt: backup.takenAt.toISOString() },
    errors: {
      lastHour: errors?.count ?? 0,
      recent: recent.map((row) => ({
        occurredAt: new Date(row.occurred_at).toISOString(),
        instanceId: row.instance_id,
        requestId: row.request_id,
        route: row.route,
        method: row.method,
        status: row.status,
        errorClass: row.error_class,
      })),
    },
  }
}
