import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { EMAIL_QUEUE } from '@/lib/constants'
import { senderDomain, senderEmail } from '@/lib/email/addresses'
import { withSignOffHtml, withSignOffText } from '@/lib/email/sign-off'
import type { RecipientType } from '@/schemas/ai'

import { audienceSql, countAudienceSql } from './composed-recipients'
import { skipReasonSql } from '../email/eligibility'
import { sendEmailJobs, signOffLinks } from '../email/queue'

/** Recipients written per statement. */
export const CAMPAIGN_BATCH = 1000
/** How long one run of the job queues before it hands the rest to a fresh job (others get a turn). */
const RUN_BUDGET_MS = 20_000

type StartedCampaign = {
  audience: RecipientType
  subject: string
  message: string
  html_content: string | null
  type: 'newsletter' | 'broadcast'
  sent_by_id: number | null
  total_recipients: number | null
}

export type CampaignRun = 'not-due' | 'sent' | 'continues'

/**
 * The sendCampaign job's work. The campaign is moved to `sending` (only from scheduled or sending,
 * and only once due: a cancelled or finished one is left alone), its audience counted once, then
 * its recipients are queued a batch per statement in address order; each statement also moves the
 * campaign's cursor, so a run that stops (a restart, a crash) is continued from there by the next.
 * The unique (campaign, address) index of the email log makes a second copy impossible, even when
 * two runs overlap. After `budgetMs` the rest is left to a new job.
 */
export const queueCampaign = async (
  payload: Payload,
  campaignId: number,
  { batchSize = CAMPAIGN_BATCH, budgetMs = RUN_BUDGET_MS } = {},
): Promise<CampaignRun> => {
  const db = payload.db.drizzle
  const started = await db.execute(sql`
    UPDATE campaigns SET status = 'sending', updated_at = now()
    WHERE id = ${campaignId} AND status IN ('scheduled', 'sending')
      AND (scheduled_at IS NULL OR scheduled_at <= now())
    RETURNING audience, subject, message, html_content, type, sent_by_id, total_recipients`)
  const campaign = started.rows[0] as StartedCampaign | undefined
  if (!campaign) return 'not-due'

  if (campaign.total_recipients === null) {
    const count = await db.execute(countAudienceSql(campaign.audience))
    await db.execute(sql`
      UPDATE campaigns SET total_recipients = ${(count.rows[0] as { n: number }).n}
      WHERE id = ${campaignId} AND total_recipients IS NULL`)
  }

  const links = await signOffLinks(payload)
  const text = withSignOffText(campaign.message, links)
  const html = campaign.html_content ? withSignOffHtml(campaign.html_content, links) : null
  const until = Date.now() + budgetMs
  for (;;) {
    const resolved = await queueBatch(payload, campaignId, campaign, { text, html }, batchSize)
    if (resolved < batchSize) break
    if (Date.now() >= until) {
      await payload.jobs.queue({ task: 'sendCampaign', input: { campaignId }, queue: EMAIL_QUEUE })
      return 'continues'
    }
  }
  await db.execute(sql`
    UPDATE campaigns SET status = 'sent', sent_at = now(), updated_at = now(),
      total_recipients = (SELECT count(*) FROM email_logs WHERE campaign_id = ${campaignId})
    WHERE id = ${campaignId} AND status = 'sending'`)
  return 'sent'
}

/**
 * One batch in one statement: the next addresses after the campaign's cursor (its row locked, so
 * overlapping runs take turns and each sees the other's cursor), their skip reasons, their
 * email-log rows (queued or skipped) and the sendEmail jobs of the queued ones, and the new cursor.
 * Returns how many addresses the batch covered.
 */
const queueBatch = async (
  payload: Payload,
  campaignId: number,
  campaign: StartedCampaign,
  body: { text: string; html: string | null },
  batchSize: number,
): Promise<number> => {
  const result = await payload.db.drizzle.execute(sql`
    WITH c AS (
      SELECT coalesce(recipient_cursor, '') AS after FROM campaigns
      WHERE id = ${campaignId} AND status = 'sending' FOR UPDATE),
    batch AS (
      SELECT a.email FROM (${audienceSql(campaign.audience)}) a, c
      WHERE a.email > c.after AND a.email <> ''
      GROUP BY a.email ORDER BY a.email LIMIT ${batchSize}),
    checked AS (
      SELECT b.email, ${skipReasonSql(sql`b.email`, campaign.type, true)} AS reason FROM batch b),
    log AS (
      INSERT INTO email_logs (to_email, from_email, subject, message, html_content, email_type,
        sent_at, status, skip_reason, message_id, is_bulk, campaign_id, ai_generated, sent_by_id,
        tags, updated_at, created_at)
      SELECT email, ${senderEmail()}::text, ${campaign.subject}::text, ${body.text}::text,
        ${body.html}::text, ${campaign.type}::enum_email_logs_email_type, now(),
        (CASE WHEN reason IS NULL THEN 'queued' ELSE 'skipped' END)::enum_email_logs_status, reason,
        '<' || gen_random_uuid() || ${`@${senderDomain()}>`}::text, true, ${campaignId}::integer,
        true, ${campaign.sent_by_id}::integer,
        ${JSON.stringify(['ai-composer', campaign.audience])}::jsonb, now(), now()
      FROM checked
      ON CONFLICT (campaign_id, to_email) DO NOTHING
      RETURNING id, skip_reason),
    job AS (${sendEmailJobs('log')}),
    moved AS (
      UPDATE campaigns SET recipient_cursor = (SELECT max(email) FROM batch), updated_at = now()
      WHERE id = ${campaignId} AND EXISTS (SELECT 1 FROM batch))
    SELECT count(*)::int AS n FROM batch`)
  return (result.rows[0] as { n: number }).n
}
