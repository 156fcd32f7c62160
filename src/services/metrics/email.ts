import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { bare, email_logs } from '@/db'
import { EMAIL_STATUSES, EMAIL_TYPES } from '@/lib/constants'

import { type PeriodCounts, percent, periodCountColumns, toPeriodCounts } from './periods'

type EmailType = (typeof EMAIL_TYPES)[number]
type EmailStatus = (typeof EMAIL_STATUSES)[number]

/** Email volumes and opens from the email log, computed with SQL: counts only, no addresses. */
export type EmailMetrics = {
  generatedAt: string
  sent: PeriodCounts
  opened: number
  openRatePercent: number
  aiGenerated: number
  byType: Record<EmailType, { total: number; opened: number; last30Days: number }>
  byStatus: Record<EmailStatus, number>
}

type Row = Record<string, unknown>

export const computeEmailMetrics = async (
  payload: Payload,
  now = new Date(),
): Promise<EmailMetrics> => {
  const run = async (query: ReturnType<typeof sql>) =>
    (await payload.db.drizzle.execute(query)).rows as Row[]
  const monthAgo = new Date(now.getTime() - 30 * 86_400_000).toISOString()
  const l = email_logs
  const [totals, typeRows, statusRows] = await Promise.all([
    run(sql`SELECT ${periodCountColumns(l.sentAt, now)},
        count(*) FILTER (WHERE ${bare(l.emailOpened)}) AS opened,
        count(*) FILTER (WHERE ${bare(l.aiGenerated)}) AS ai_generated
      FROM ${l}`),
    run(sql`SELECT ${bare(l.emailType)}::text AS type, count(*) AS total,
        count(*) FILTER (WHERE ${bare(l.emailOpened)}) AS opened,
        count(*) FILTER (WHERE ${bare(l.sentAt)} >= ${monthAgo}::timestamptz) AS last30
      FROM ${l} GROUP BY 1`),
    run(sql`SELECT ${bare(l.status)}::text AS status, count(*) AS count FROM ${l} GROUP BY 1`),
  ])
  const sent = toPeriodCounts(totals[0])
  const opened = Number(totals[0]?.opened ?? 0)
  return {
    generatedAt: now.toISOString(),
    sent,
    opened,
    openRatePercent: percent(opened, sent.allTime),
    aiGenerated: Number(totals[0]?.ai_generated ?? 0),
    byType: Object.fromEntries(
      EMAIL_TYPES.map((type) => {
        const row = typeRows.find((candidate) => candidate.type === type)
        return [
          type,
          {
            total: Number(row?.total ?? 0),
            opened: Number(row?.opened ?? 0),
            last30Days: Number(row?.last30 ?? 0),
          },
        ]
      }),
    ) as EmailMetrics['byType'],
    byStatus: Object.fromEntries(
      EMAIL_STATUSES.map((status) => [
        status,
        Number(statusRows.find((row) => row.status === status)?.count ?? 0),
      ]),
    ) as EmailMetrics['byStatus'],
  }
}
