import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload, PayloadRequest } from 'payload'

import {
  bare,
  email_logs as l,
  enum_email_logs_email_type,
  enum_email_logs_status,
  enum_payload_jobs_task_slug,
  enumType,
  payload_jobs as jobs,
} from '@/db'
import { EMAIL_QUEUE, type EMAIL_TYPES } from '@/lib/constants'
import { senderEmail } from '@/lib/email/addresses'
import { type SignOffLinks, withSignOffHtml, withSignOffText } from '@/lib/email/sign-off'
import { serverUrl } from '@/lib/env'

import { skipReasonSql } from './eligibility'
import { newMessageId } from './secret-links'
import type { Transaction } from '../shared/transaction'

export type EmailType = (typeof EMAIL_TYPES)[number]

export type QueueEmailInput = {
  to: string
  subject: string
  /** Plain-text body; always present. */
  text: string
  /** HTML body, when the message has one. */
  html?: string
  emailType: EmailType
  /** Carries List-Unsubscribe headers (newsletters, broadcasts, sequences; never replies). */
  isBulk?: boolean
  /** A written (admin or AI) body: gets the fixed sign-off block, after any older one is removed. */
  signOff?: boolean
  contactId?: number
  /** An id, or an SQL expression of the same statement (a signup's new entry). */
  waitlistEntryId?: number | SQL
  campaignId?: number
  aiGenerated?: boolean
  sentById?: number
  tags?: string[]
  notes?: string
  /** Fixed by the caller when the message's secret links are derived from it (secret-links.ts). */
  messageId?: string
}

export type QueuedEmail = { id: number; status: 'queued' | 'skipped'; reason?: string }

/**
 * The one way any part of the product sends an email: the message is written to the email log
 * and a sendEmail job is queued in one statement (inside the caller's transaction, if any), and
 * the call returns; delivery happens on the jobs queue. An address that is suppressed (or, for bulk mail, opted out or unconfirmed)
 * gets a 'skipped' row with the reason and no job.
 */
export const queueEmail = async (
  payload: Payload,
  input: QueueEmailInput,
  /** The caller's transaction, when the email belongs to a write (e.g. a signup). */
  outer?: Transaction,
): Promise<QueuedEmail> => {
  // On the caller's transaction's own connection: holding one connection while waiting for a
  // second could starve the pool under load.
  const db = outer?.db ?? payload.db.drizzle
  const links = input.signOff ? await signOffLinks(payload, outer?.req) : undefined
  const result = await db.execute(
    sql`WITH ${emailWrites(input, links)} SELECT ${bare(l.id, l.skipReason)} FROM log`,
  )
  const log = result.rows[0] as { id: number; skip_reason: string | null }
  if (log.skip_reason) return { id: log.id, status: 'skipped', reason: log.skip_reason }
  return { id: log.id, status: 'queued' }
}

/**
 * The common table expressions that queue one email: `eligibility` (why it must not go, or NULL), `log`
 * (its email-log row, queued or skipped with the reason) and its sendEmail job (the row
 * payload.jobs.queue writes for a task: its input, slug and queue). With `after`, the name of an
 * earlier expression of the same statement, they write only when that one has a row (a signup's
 * confirmation is queued only when its subscriber was inserted).
 */
export const emailWrites = (input: QueueEmailInput, links?: SignOffLinks, after?: string): SQL => {
  const text = links ? withSignOffText(input.text, links) : input.text
  const html = links && input.html ? withSignOffHtml(input.html, links) : input.html
  const isBulk = input.isBulk ?? false
  return sql`
    eligibility AS (
      SELECT ${skipReasonSql(input.to, input.emailType, isBulk)} AS ${bare(l.skipReason)}
      ${after ? sql`FROM ${sql.identifier(after)}` : sql``}),
    log AS (
      INSERT INTO ${l} (${bare(l.toEmail, l.fromEmail, l.subject, l.message, l.htmlContent, l.emailType, l.sentAt, l.status, l.skipReason, l.messageId, l.isBulk, l.contact, l.waitlistEntry, l.campaign, l.aiGenerated, l.sentBy, l.tags, l.notes)})
      SELECT ${input.to}::text, ${senderEmail()}::text, ${input.subject}::text, ${text}::text,
        ${html ?? null}::text, ${input.emailType}::${enumType(enum_email_logs_email_type)}, now(),
        (CASE WHEN ${bare(l.skipReason)} IS NULL THEN 'queued' ELSE 'skipped' END)::${enumType(enum_email_logs_status)},
        ${bare(l.skipReason)},
        ${input.messageId ?? newMessageId()}::text, ${isBulk}::boolean,
        ${input.contactId ?? null}::integer, ${input.waitlistEntryId ?? null}::integer,
        ${input.campaignId ?? null}::integer, ${input.aiGenerated ?? false}::boolean,
        ${input.sentById ?? null}::integer, ${JSON.stringify(input.tags ?? [])}::jsonb,
        ${input.notes ?? null}::text
      FROM eligibility
      RETURNING ${l.id}, ${l.skipReason}),
    job AS (${sendEmailJobs('log')})`
}

/**
 * The columns of the rows `emailRowsWrites` queues (names of the caller's statement, no column's).
 */
export const MAIL_COLUMNS = {
  to: 'mail_to',
  subject: 'mail_subject',
  text: 'mail_text',
  html: 'mail_html',
  messageId: 'mail_message_id',
  waitlistEntryId: 'mail_entry_id',
  tags: 'mail_tags',
} as const

/**
 * As `emailWrites`, for emails whose recipient and text only the statement knows (a signup of a
 * known address: the stored address, name and referral code): one email of `emailType` for each
 * row of `rows`, an earlier expression of the statement with the columns of MAIL_COLUMNS (tags
 * as jsonb). Names its expressions `eligibility`, `log` and `job`.
 */
export const emailRowsWrites = (rows: string, emailType: EmailType): SQL => {
  const m = sql.identifier(rows)
  const c = (column: keyof typeof MAIL_COLUMNS) => sql`${m}.${sql.identifier(MAIL_COLUMNS[column])}`
  return sql`
    eligibility AS (
      SELECT ${m}.*, ${skipReasonSql(c('to'), emailType, false)} AS ${bare(l.skipReason)}
      FROM ${m}),
    log AS (
      INSERT INTO ${l} (${bare(l.toEmail, l.fromEmail, l.subject, l.message, l.htmlContent, l.emailType, l.sentAt, l.status, l.skipReason, l.messageId, l.isBulk, l.waitlistEntry, l.tags)})
      SELECT ${c('to')}, ${senderEmail()}::text, ${c('subject')}, ${c('text')}, ${c('html')},
        ${emailType}::${enumType(enum_email_logs_email_type)}, now(),
        (CASE WHEN ${bare(l.skipReason)} IS NULL THEN 'queued' ELSE 'skipped' END)::${enumType(enum_email_logs_status)},
        ${bare(l.skipReason)}, ${c('messageId')}, false, ${c('waitlistEntryId')}, ${c('tags')}
      FROM eligibility ${m}
      RETURNING ${l.id}, ${l.skipReason}),
    job AS (${sendEmailJobs('log')})`
}

/**
 * The sendEmail jobs of the rows an earlier expression `log` (id, skip_reason) wrote to the email
 * log: one per row that is not skipped, as payload.jobs.queue writes a task's job (input, task
 * slug, queue). Every statement that queues email writes its jobs with this.
 */
export const sendEmailJobs = (log: string): SQL => sql`
  INSERT INTO ${jobs} (${bare(jobs.input, jobs.taskSlug, jobs.queue)})
  SELECT jsonb_build_object('logId', ${bare(l.id)}),
    'sendEmail'::${enumType(enum_payload_jobs_task_slug)},
    ${EMAIL_QUEUE}::text
  FROM ${sql.identifier(log)} WHERE ${bare(l.skipReason)} IS NULL`

/** The links of the fixed sign-off block (the link hub from the site settings). */
export const signOffLinks = async (
  payload: Payload,
  req?: PayloadRequest,
): Promise<SignOffLinks> => {
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, req })
  return { linkHubUrl: settings.linkHubUrl ?? serverUrl(), siteUrl: serverUrl() }
}
