import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import type { AdminUser } from '@/access/admin'
import { bare, campaigns, payload_jobs } from '@/db'
import { AppError, conflict } from '@/lib/errors'

import { recordAudit } from '../admin/audit'
import { CAMPAIGN_NOT_FOUND, campaignProgress } from './campaign-progress'

export const NOT_SCHEDULED_MESSAGE =
  'Only a scheduled campaign that has not started can be cancelled'

/**
 * Cancels a scheduled campaign before it starts: the status changes only from `scheduled` (one
 * conditional UPDATE, so it cannot cross with the job starting it) and its waiting job goes.
 */
export const cancelCampaign = async (payload: Payload, user: AdminUser, id: number) => {
  const c = campaigns
  const j = payload_jobs
  const result = await payload.db.drizzle.execute(sql`
    WITH cancelled AS (
      UPDATE ${c} SET ${bare(c.status)} = 'cancelled', ${bare(c.updatedAt)} = now()
      WHERE ${bare(c.id)} = ${id} AND ${bare(c.status)} = 'scheduled' RETURNING ${bare(c.id)}),
    dropped AS (
      DELETE FROM ${j} WHERE ${bare(j.taskSlug)} = 'sendCampaign' AND ${bare(j.processing)} IS NOT true
        AND (${bare(j.input)}->>'campaignId')::int IN (SELECT ${bare(c.id)} FROM cancelled))
    SELECT ${bare(c.id)} FROM cancelled`)
  if (result.rows.length === 0) {
    const found = await payload.db.drizzle.execute(
      sql`SELECT ${bare(c.status)} FROM ${c} WHERE ${bare(c.id)} = ${id}`,
    )
    if (found.rows.length === 0) throw new AppError(404, CAMPAIGN_NOT_FOUND)
    throw conflict(NOT_SCHEDULED_MESSAGE)
  }
  await recordAudit(payload, user, {
    action: 'campaign.cancel',
    targetCollection: 'campaigns',
    targetId: id,
  })
  return campaignProgress(payload, id)
}
