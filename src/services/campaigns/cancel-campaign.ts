import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import type { AdminUser } from '@/access/admin'
import { bare, campaigns, email_logs, payload_jobs } from '@/db'
import { AppError, conflict } from '@/lib/errors'

import { type AuditAction, recordAudit } from '../admin/audit'
import { CAMPAIGN_NOT_FOUND, campaignProgress } from './campaign-progress'

export const NOT_CANCELLABLE_MESSAGE =
  'Only a scheduled, sending or paused campaign can be cancelled'
export const NOT_SENDING_MESSAGE = 'Only a sending campaign can be paused'
export const NOT_PAUSED_MESSAGE = 'Only a paused campaign can be resumed'

const c = campaigns
const l = email_logs
const j = payload_jobs

/**
 * One conditional UPDATE of the campaign's status (so it cannot cross the job or the senders
 * changing it), with what goes with it; 404 for no campaign, 409 when it is in no state to
 * change. Written to the audit trail.
 */
const changeStatus = async (
  payload: Payload,
  user: AdminUser,
  id: number,
  change: { from: string[]; to: string; with?: SQL; refused: string; action: AuditAction },
) => {
  const result = await payload.db.drizzle.execute(sql`
    WITH changed AS (
      UPDATE ${c} SET ${bare(c.status)} = ${change.to}, ${bare(c.updatedAt)} = now()
      WHERE ${bare(c.id)} = ${id} AND ${bare(c.status)}::text IN (${sql.join(
        change.from.map((status) => sql`${status}`),
        sql`, `,
      )}) RETURNING ${bare(c.id)})
      ${change.with ?? sql``}
    SELECT ${bare(c.id)} FROM changed`)
  if (result.rows.length === 0) {
    const found = await payload.db.drizzle.execute(
      sql`SELECT ${bare(c.status)} FROM ${c} WHERE ${bare(c.id)} = ${id}`,
    )
    if (found.rows.length === 0) throw new AppError(404, CAMPAIGN_NOT_FOUND)
    throw conflict(change.refused)
  }
  await recordAudit(payload, user, {
    action: change.action,
    targetCollection: 'campaigns',
    targetId: id,
  })
  return campaignProgress(payload, id)
}

/**
 * Cancels a campaign that has not finished: its waiting job goes, and every message not yet
 * started is skipped ("campaign cancelled"); one already in its SMTP exchange completes. A
 * message's start (send-mail.ts) and the cancel both change its row, so one of them wins.
 */
export const cancelCampaign = (payload: Payload, user: AdminUser, id: number) =>
  changeStatus(payload, user, id, {
    from: ['scheduled', 'sending', 'paused'],
    to: 'cancelled',
    refused: NOT_CANCELLABLE_MESSAGE,
    action: 'campaign.cancel',
    with: sql`,
    dropped AS (
      DELETE FROM ${j} WHERE ${bare(j.taskSlug)} = 'sendCampaign' AND ${bare(j.processing)} IS NOT true
        AND (${bare(j.input)}->>'campaignId')::int IN (SELECT ${bare(c.id)} FROM changed)),
    left_unsent AS (
      UPDATE ${l} SET ${bare(l.status)} = 'skipped', ${bare(l.skipReason)} = 'campaign cancelled',
        ${bare(l.updatedAt)} = now()
      WHERE ${bare(l.campaign)} IN (SELECT ${bare(c.id)} FROM changed) AND ${bare(l.status)} = 'queued'
        AND ${bare(l.sendingAt)} IS NULL)`,
  })

/** Pauses a sending campaign: no instance claims or starts another of its messages. */
export const pauseCampaign = (payload: Payload, user: AdminUser, id: number) =>
  changeStatus(payload, user, id, {
    from: ['sending'],
    to: 'paused',
    refused: NOT_SENDING_MESSAGE,
    action: 'campaign.pause',
  })

/** Resumes a paused campaign where it stopped: its queued messages are claimed again. */
export const resumeCampaign = (payload: Payload, user: AdminUser, id: number) =>
  changeStatus(payload, user, id, {
    from: ['paused'],
    to: 'sending',
    refused: NOT_PAUSED_MESSAGE,
    action: 'campaign.resume',
  })
