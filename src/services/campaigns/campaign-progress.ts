import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { AppError } from '@/lib/errors'

/** Campaign progress (GET /api/admin/campaigns/:id), shown as a bar in the Email Manager. */
export type CampaignProgress = {
  id: number
  subject: string | null
  audience: string | null
  status: 'draft' | 'scheduled' | 'sending' | 'sent' | 'cancelled'
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
  const result = await payload.db.drizzle.execute(sql`
    WITH picked AS (
      SELECT id, subject, audience, status, scheduled_at, sent_at, created_at, total_recipients
      FROM campaigns WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${RECENT_CAMPAIGNS}),
    counts AS (
      SELECT l.campaign_id, count(*)::int AS logged,
        count(*) FILTER (WHERE l.status = 'queued')::int AS queued,
        count(*) FILTER (WHERE l.status = 'sent')::int AS sent,
        count(*) FILTER (WHERE l.status = 'failed')::int AS failed,
        count(*) FILTER (WHERE l.status = 'bounced')::int AS bounced,
        count(*) FILTER (WHERE l.status = 'skipped')::int AS skipped
      FROM email_logs l WHERE l.campaign_id IN (SELECT id FROM picked) GROUP BY l.campaign_id),
    unsubscribed AS (
      SELECT l.campaign_id, count(DISTINCT l.id)::int AS n
      FROM email_events e
      JOIN email_logs l ON l.to_email = lower(e.email) AND l.delivered_at <= e.timestamp
        AND l.campaign_id IN (SELECT id FROM picked)
      WHERE e.event_type = 'unsubscribe'
        AND e.timestamp >= (SELECT min(created_at) FROM picked)
      GROUP BY l.campaign_id)
    SELECT p.id, p.subject, p.audience,
      -- Every copy queued is not every copy sent: sending until the queue has none of it left.
      CASE WHEN p.status = 'sent' AND coalesce(c.queued, 0) > 0 THEN 'sending' ELSE p.status END AS status,
      p.scheduled_at, p.sent_at, p.created_at,
      CASE WHEN p.status = 'sent' THEN coalesce(c.logged, 0)
        ELSE greatest(coalesce(p.total_recipients, 0)::int, coalesce(c.logged, 0)) END AS total,
      coalesce(c.queued, 0) AS queued, coalesce(c.sent, 0) AS sent,
      coalesce(c.failed, 0) AS failed, coalesce(c.bounced, 0) AS bounced,
      coalesce(c.skipped, 0) AS skipped, coalesce(u.n, 0) AS unsubscribed
    FROM picked p LEFT JOIN counts c ON c.campaign_id = p.id
      LEFT JOIN unsubscribed u ON u.campaign_id = p.id
    ORDER BY p.created_at DESC, p.id DESC`)
  return (result.rows as Record<string, unknown>[]).map((row) => ({
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
  }))
}

const isoOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string).toISOString()

export const campaignProgress = async (payload: Payload, id: number) => {
  const [campaign] = await progressOf(payload, sql`id = ${id}`)
  if (!campaign) throw new AppError(404, CAMPAIGN_NOT_FOUND)
  return campaign
}

export const recentCampaigns = (payload: Payload) => progressOf(payload, sql`true`)
