import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import {
  bare,
  campaigns,
  email_logs,
  enum_campaigns_status,
  enum_email_logs_email_type,
  enum_email_logs_status,
  enumType,
  waitlist_entries,
} from '@/db'
import { EMAIL_QUEUE } from '@/lib/constants'
import { senderDomain, senderEmail } from '@/lib/email/addresses'
import { withSignOffHtml, withSignOffText } from '@/lib/email/sign-off'
import type { RecipientType } from '@/schemas/ai'

import { audienceSql, countAudienceSql } from './composed-recipients'
import { skipReasonSql } from '../email/eligibility'
import { signOffLinks } from '../email/queue'

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

/** `sent`: every recipient is written to the email log (sending goes on: send-mail.ts). */
export type CampaignRun = 'not-due' | 'sent' | 'continues'

/**
 * The sendCampaign job's work. The campaign is moved to `sending` (only from scheduled, and only
 * once due; a paused one is written but stays paused; a cancelled or finished one is left alone),
 * its audience counted once, then
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
  const k = campaigns
  // A paused campaign's recipients are still written (nothing is sent while it is paused); one
  // whose every recipient is written has nothing left for this job.
  const started = await db.execute(sql`
    UPDATE ${k} SET ${bare(k.status)} = (CASE WHEN ${bare(k.status)} = 'scheduled' THEN 'sending'
        ELSE ${bare(k.status)} END)::${enumType(enum_campaigns_status)}, ${bare(k.updatedAt)} = now()
    WHERE ${bare(k.id)} = ${campaignId} AND ${bare(k.status)} IN ('scheduled', 'sending', 'paused')
      AND ${bare(k.queuedAt)} IS NULL
      AND (${bare(k.scheduledAt)} IS NULL OR ${bare(k.scheduledAt)} <= now())
    RETURNING ${bare(k.audience, k.subject, k.message, k.htmlContent, k.type, k.sentBy, k.totalRecipients)}`)
  const campaign = started.rows[0] as StartedCampaign | undefined
  if (!campaign) return 'not-due'

  if (campaign.total_recipients === null) {
    const count = await db.execute(countAudienceSql(campaign.audience))
    await db.execute(sql`
      UPDATE ${k} SET ${bare(k.totalRecipients)} = ${(count.rows[0] as { n: number }).n}
      WHERE ${bare(k.id)} = ${campaignId} AND ${bare(k.totalRecipients)} IS NULL`)
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
  // Every recipient written: the senders (send-mail.ts) mark it sent once none is left queued.
  await db.execute(sql`
    UPDATE ${k} SET ${bare(k.queuedAt)} = now(), ${bare(k.updatedAt)} = now(),
      ${bare(k.totalRecipients)} = (SELECT count(*) FROM ${email_logs}
        WHERE ${bare(email_logs.campaign)} = ${campaignId})
    WHERE ${bare(k.id)} = ${campaignId} AND ${bare(k.status)} IN ('sending', 'paused')
      AND ${bare(k.queuedAt)} IS NULL`)
  return 'sent'
}

/**
 * One batch in one statement: the next addresses after the campaign's cursor (its row locked, so
 * overlapping runs take turns and each sees the other's cursor), their skip reasons, their
 * email-log rows (queued or skipped; the senders of send-mail.ts claim the queued ones), and the
 * new cursor.
 * Returns how many addresses the batch covered.
 */
const queueBatch = async (
  payload: Payload,
  campaignId: number,
  campaign: StartedCampaign,
  body: { text: string; html: string | null },
  batchSize: number,
): Promise<number> => {
  const k = campaigns
  const l = email_logs
  // The audience's address column (composed-recipients.ts), named as the waitlist's.
  const email = bare(waitlist_entries.email)
  const result = await payload.db.drizzle.execute(sql`
    WITH c AS (
      SELECT coalesce(${bare(k.recipientCursor)}, '') AS after FROM ${k}
      WHERE ${bare(k.id)} = ${campaignId} AND ${bare(k.status)} IN ('sending', 'paused') FOR UPDATE),
    next_batch AS (
      SELECT a.${email} FROM (${audienceSql(campaign.audience)}) a, c
      WHERE a.${email} > c.after AND a.${email} <> ''
      GROUP BY a.${email} ORDER BY a.${email} LIMIT ${batchSize}),
    checked AS (
      SELECT b.${email}, ${skipReasonSql(sql`b.${email}`, campaign.type, true)} AS ${bare(l.skipReason)}
      FROM next_batch b),
    log AS (
      INSERT INTO ${l} (${bare(l.toEmail, l.fromEmail, l.subject, l.message, l.htmlContent, l.emailType, l.sentAt, l.status, l.skipReason, l.messageId, l.isBulk, l.campaign, l.aiGenerated, l.sentBy, l.tags, l.updatedAt, l.createdAt)})
      SELECT ${email}, ${senderEmail()}::text, ${campaign.subject}::text, ${body.text}::text,
        ${body.html}::text, ${campaign.type}::${enumType(enum_email_logs_email_type)}, now(),
        (CASE WHEN ${bare(l.skipReason)} IS NULL THEN 'queued' ELSE 'skipped' END)::${enumType(enum_email_logs_status)},
        ${bare(l.skipReason)},
        '<' || gen_random_uuid() || ${`@${senderDomain()}>`}::text, true, ${campaignId}::integer,
        true, ${campaign.sent_by_id}::integer,
        ${JSON.stringify(['ai-composer', campaign.audience])}::jsonb, now(), now()
      FROM checked
      ON CONFLICT (${bare(l.campaign, l.toEmail)}) DO NOTHING
      RETURNING ${bare(l.id, l.skipReason)}),
    moved AS (
      UPDATE ${k} SET ${bare(k.recipientCursor)} = (SELECT max(${email}) FROM next_batch),
        ${bare(k.updatedAt)} = now()
      WHERE ${bare(k.id)} = ${campaignId} AND EXISTS (SELECT 1 FROM next_batch))
    SELECT count(*)::int AS n FROM next_batch`)
  return (result.rows[0] as { n: number }).n
}
