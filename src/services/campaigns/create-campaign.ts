import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import {
  bare,
  campaigns,
  enum_campaigns_audience,
  enum_campaigns_status,
  enum_payload_jobs_task_slug,
  enumType,
  payload_jobs,
} from '@/db'
import { EMAIL_QUEUE } from '@/lib/constants'
import { htmlToText, isHtmlContent } from '@/lib/email/html-text'
import type { SendComposedInput } from '@/schemas/ai'

export type CreatedCampaign = {
  campaignId: number
  status: 'scheduled' | 'sending'
  /** False when this key's campaign already existed (a repeated press of Send). */
  isNew: boolean
}

/**
 * A composer group send becomes a campaign: its row and its sendCampaign job (due at the scheduled
 * time, or now) are written in one statement, so either both exist or neither. The job resolves
 * and queues the recipients. With a campaign key, a second request with the same key writes
 * nothing and answers the first campaign (the unique key decides between concurrent ones).
 */
export const createCampaign = async (
  payload: Payload,
  input: SendComposedInput,
  senderId: number,
): Promise<CreatedCampaign> => {
  const body = isHtmlContent(input.content)
    ? { html: input.content, text: htmlToText(input.content) }
    : { text: input.content }
  const status = input.scheduledAt ? 'scheduled' : 'sending'
  const emailType = input.recipientType === 'all-newsletter' ? 'newsletter' : 'broadcast'
  const key = input.campaignKey ?? null
  const c = campaigns
  const j = payload_jobs
  const result = await payload.db.drizzle.execute(sql`
    WITH campaign AS (
      INSERT INTO ${c} (${bare(c.name, c.subject, c.type, c.status, c.audience, c.message, c.htmlContent, c.scheduledAt, c.sentBy, c.idempotencyKey, c.updatedAt, c.createdAt)})
      VALUES (${input.subject}, ${input.subject}, ${emailType}, ${status}::${enumType(enum_campaigns_status)},
        ${input.recipientType}::${enumType(enum_campaigns_audience)}, ${body.text}, ${body.html ?? null},
        ${input.scheduledAt ?? null}::timestamptz, ${senderId}, ${key}, now(), now())
      ON CONFLICT (${bare(c.idempotencyKey)}) DO NOTHING
      RETURNING ${bare(c.id, c.status, c.scheduledAt)}),
    job AS (
      INSERT INTO ${j} (${bare(j.input, j.taskSlug, j.queue, j.waitUntil)})
      SELECT jsonb_build_object('campaignId', ${bare(c.id)}),
        'sendCampaign'::${enumType(enum_payload_jobs_task_slug)},
        ${EMAIL_QUEUE}::text, ${bare(c.scheduledAt)}
      FROM campaign)
    SELECT ${bare(c.id, c.status)}, true AS is_new FROM campaign`)
  const created = result.rows[0] as { id: number; status: CreatedCampaign['status'] } | undefined
  if (created) return { campaignId: Number(created.id), status: created.status, isNew: true }
  // The key was used before (read after the statement, so a concurrent winner is visible).
  const existing = await payload.db.drizzle.execute(
    sql`SELECT ${bare(c.id, c.status)} FROM ${c} WHERE ${bare(c.idempotencyKey)} = ${key}`,
  )
  const row = existing.rows[0] as { id: number; status: CreatedCampaign['status'] }
  return { campaignId: Number(row.id), status: row.status, isNew: false }
}
