import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { alias, bare, campaigns, email_events, email_logs } from '@/db'
import { AppError } from '@/lib/errors'

const l = alias(email_logs, 'l')
const e = alias(email_events, 'e')

/** Campaign progress (GET /api/admin/campaigns/:id), shown as a bar in the Email Manager. */
export type CampaignProgress = {
  id: number
  subject: string | null
  audience: string | null
  status: 'draft' | 'scheduled' | 'sending' | 'paused' | 'sent' | 'cancelled'
  scheduledAt: string | null
  sentAt: string | null
  createdAt: string
  total: number
  queued: number
  sent: number
  failed: number
  bounced: number
  skipped: number
  unsubscribed: number
  /** Started by an instance that stopped during the SMTP exchange: delivery unknown, not resent. */
  interrupted: number
  /** Recipients not yet settled: queued, or not yet written to the log. */
  remaining: number
  /** Messages per second over the last 10 seconds. */
  ratePerSecond: number
  /** When the remaining ones will have gone at that rate (null when not sending). */
  estimatedFinishAt: string | null
}

export const CAMPAIGN_NOT_FOUND = 'Campaign not found'

/** The campaigns the Email Manager shows: the most recent first. */
const RECENT_CAMPAIGNS = 10

/**
 * Live progress, counted from the campaign's email-log rows (indexed by campaign): how many are
 * still queued, sent, failed, bounced or skipped (suppressed, opted out); how many recipients
 * unsubscribed after it reached them. The status is `sending` until no copy is left queued. The total is the audience counted when the job started,
 * then, once every recipient is queued, the rows written.
 */
const progressOf = async (payload: Payload, where: SQL): Promise<CampaignProgress[]> => {
  const k = campaigns
  const campaignId = bare(email_logs.campaign)
  const result = await payload.db.drizzle.execute(sql`
    WITH picked AS (
      SELECT ${bare(k.id, k.subject, k.audience, k.status, k.scheduledAt, k.sentAt, k.createdAt, k.totalRecipients)}
      FROM ${k} WHERE ${where} ORDER BY ${bare(k.createdAt)} DESC, ${bare(k.id)} DESC
      LIMIT ${RECENT_CAMPAIGNS}),
    counts AS (
      SELECT ${l.campaign}, count(*)::int AS logged,
        count(*) FILTER (WHERE ${l.status} = 'queued')::int AS queued,
        count(*) FILTER (WHERE ${l.status} = 'sent')::int AS sent,
        count(*) FILTER (WHERE ${l.status} = 'failed')::int AS failed,
        count(*) FILTER (WHERE ${l.status} = 'bounced')::int AS bounced,
        count(*) FILTER (WHERE ${l.status} = 'skipped')::int AS skips,
        count(*) FILTER (WHERE ${l.status} = 'interrupted')::int AS interrupted,
        count(*) FILTER (WHERE ${l.status} = 'sent'
          AND ${l.deliveredAt} > now() - make_interval(secs => ${RATE_WINDOW_SECONDS}))::int AS recent
      FROM ${email_logs} ${l} WHERE ${l.campaign} IN (SELECT ${bare(k.id)} FROM picked)
      GROUP BY ${l.campaign}),
    unsubscribed AS (
      SELECT ${l.campaign}, count(DISTINCT ${l.id})::int AS n
      FROM ${email_events} ${e}
      JOIN ${email_logs} ${l} ON ${l.toEmail} = lower(${e.email}) AND ${l.deliveredAt} <= ${e.timestamp}
        AND ${l.campaign} IN (SELECT ${bare(k.id)} FROM picked)
      WHERE ${e.eventType} = 'unsubscribe'
        AND ${e.timestamp} >= (SELECT min(${bare(k.createdAt)}) FROM picked)
      GROUP BY ${l.campaign})
    SELECT p.${bare(k.id)}, p.${bare(k.subject)}, p.${bare(k.audience)},
      -- Every copy queued is not every copy sent: sending until the queue has none of it left.
      CASE WHEN p.${bare(k.status)} = 'sent' AND coalesce(c.queued, 0) > 0 THEN 'sending'
        ELSE p.${bare(k.status)} END AS status,
      p.${bare(k.scheduledAt)}, p.${bare(k.sentAt)}, p.${bare(k.createdAt)},
      CASE WHEN p.${bare(k.status)} IN ('sent', 'cancelled') THEN coalesce(c.logged, 0)
        ELSE greatest(coalesce(p.${bare(k.totalRecipients)}, 0)::int, coalesce(c.logged, 0)) END
        AS total,
      coalesce(c.queued, 0) AS queued, coalesce(c.sent, 0) AS sent,
      coalesce(c.failed, 0) AS failed, coalesce(c.bounced, 0) AS bounced,
      coalesce(c.skips, 0) AS skipped, coalesce(u.n, 0) AS unsubscribed,
      coalesce(c.interrupted, 0) AS interrupted, coalesce(c.recent, 0) AS recent
    FROM picked p LEFT JOIN counts c ON c.${campaignId} = p.${bare(k.id)}
      LEFT JOIN unsubscribed u ON u.${campaignId} = p.${bare(k.id)}
    ORDER BY p.${bare(k.createdAt)} DESC, p.${bare(k.id)} DESC`)
  return (result.rows as Record<string, unknown>[]).map((row) =>
    withRemaining({
      id: Number(row.id),
      subject: (row.subject as string | null) ?? null,
      audience: (row.audience as string | null) ?? null,
      status: row.status as CampaignProgress['status'],
      scheduledAt: isoOrNull(row.scheduled_at),
      sentAt: isoOrNull(row.sent_at),
      createdAt: isoOrNull(row.created_at) ?? '',
      total: Number(row.total),
      queued: Number(row.queued),
      sent: Number(row.sent),
      failed: Number(row.failed),
      bounced: Number(row.bounced),
      skipped: Number(row.skipped),
      unsubscribed: Number(row.unsubscribed),
      interrupted: Number(row.interrupted),
      ratePerSecond: Number(row.recent) / RATE_WINDOW_SECONDS,
    }),
  )
}

/** How many messages the current rate is measured over. */
const RATE_WINDOW_SECONDS = 10

const withRemaining = (
  progress: Omit<CampaignProgress, 'remaining' | 'estimatedFinishAt'>,
): CampaignProgress => {
  const settled =
    progress.sent + progress.failed + progress.bounced + progress.skipped + progress.interrupted
  const remaining =
    progress.status === 'cancelled' || progress.status === 'sent'
      ? 0
      : Math.max(0, progress.total - settled)
  const estimatedFinishAt =
    progress.status === 'sending' && progress.ratePerSecond > 0
      ? new Date(Date.now() + (1000 * remaining) / progress.ratePerSecond).toISOString()
      : null
  return { ...progress, remaining, estimatedFinishAt }
}

const isoOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string).toISOString()

export const campaignProgress = async (payload: Payload, id: number) => {
  const [campaign] = await progressOf(payload, sql`${bare(campaigns.id)} = ${id}`)
  if (!campaign) throw new AppError(404, CAMPAIGN_NOT_FOUND)
  return campaign
}

export const recentCampaigns = (payload: Payload) => progressOf(payload, sql`true`)
