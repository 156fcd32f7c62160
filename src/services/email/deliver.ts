import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { alias, bare, email_logs } from '@/db'
import { metrics } from '@/lib/metrics/registry.mjs'
import { senderAddress } from '@/lib/email/addresses'
import { batched } from '@/lib/batched'
import { textToHtml } from '@/lib/email/html-text'

import { skipReasonSql } from './eligibility'
import { listUnsubscribeHeaders, unsubscribeTokenFor } from './unsubscribe-links'
import { REDACTED, revealSecretLinks } from './secret-links'
import { trackingOn, withTracking } from './tracking'
import { sendsForReal } from './transport'

const l = alias(email_logs, 'l')
const e = alias(email_logs, 'e')

/** Sends attempted per message before it is marked failed. */
export const MAX_ATTEMPTS = 10
/** A claim older than this belongs to a process that died mid-send; the message may be tried again. */
export const STALE_CLAIM_MINUTES = 10

export type ClaimedEmail = {
  id: number
  to_email: string
  subject: string
  message: string | null
  html_content: string | null
  email_type: 'reply' | 'newsletter' | 'broadcast' | 'confirmation' | 'welcome' | 'sequence'
  is_bulk: boolean | null
  message_id: string | null
  attempts: number
  /** Why it must not go (it was marked skipped by the claim), or null. */
  skip_reason: string | null
}

export type DeliveryOutcome = 'sent' | 'skipped' | 'not-claimed' | 'failed'

/**
 * Claims email-log rows for delivery in one statement, at most once each: only queued rows
 * without a live claim are taken (the conditional UPDATE is re-checked on a row another runner
 * changed meanwhile, so two runners never both get one). The skip rule is checked in the same
 * statement, against the state the message finds now: a row that must not go is marked skipped
 * with its reason (and comes back with it); the others are claimed for sending.
 */
export const claimEmails = async (payload: Payload, logIds: number[]): Promise<ClaimedEmail[]> => {
  if (logIds.length === 0) return []
  // The ids on both sides, so each is read through the primary key, whatever the table's size.
  const ids = sql`${sql.param(logIds)}::int[]`
  const claimable = sql`${l.status} = 'queued'
    AND (${l.claimedAt} IS NULL OR ${l.claimedAt} < now() - make_interval(mins => ${STALE_CLAIM_MINUTES}))`
  const result = await payload.db.drizzle.execute(sql`
    UPDATE ${email_logs} ${l} SET ${bare(email_logs.attempts)} = coalesce(${l.attempts}, 0) + 1,
      ${bare(email_logs.updatedAt)} = now(),
      ${bare(email_logs.claimedAt)} = CASE WHEN r.${bare(email_logs.skipReason)} IS NULL THEN now() END,
      ${bare(email_logs.status)} = CASE WHEN r.${bare(email_logs.skipReason)} IS NULL THEN ${l.status} ELSE 'skipped' END,
      ${bare(email_logs.skipReason)} = r.${bare(email_logs.skipReason)}
    FROM (
      SELECT ${e.id},
        ${skipReasonSql(
          sql`${e.toEmail}`,
          sql`${e.emailType}`,
          sql`coalesce(${e.isBulk},
        false)`,
        )} AS ${bare(email_logs.skipReason)}
      FROM ${email_logs} ${e} WHERE ${e.id} = ANY(${ids})) r
    WHERE ${l.id} = r.${bare(email_logs.id)} AND ${l.id} = ANY(${ids}) AND ${claimable}
    RETURNING ${l.id}, ${l.toEmail}, ${l.subject}, ${l.message}, ${l.htmlContent}, ${l.emailType},
      ${l.isBulk},
      ${l.messageId}, ${l.attempts}, r.${bare(email_logs.skipReason)}`)
  return result.rows as ClaimedEmail[]
}

/**
 * Delivers one email-log row, at most once (claimEmails); the Message-ID was fixed when it was
 * queued.
 */
export const deliverEmail = async (payload: Payload, logId: number): Promise<DeliveryOutcome> => {
  const [row] = await claimEmails(payload, [logId])
  if (!row) return 'not-claimed'
  if (row.skip_reason) return 'skipped'
  return sendClaimed(payload, row)
}

/**
 * Sends a claimed row through the transport and marks it sent. A failure releases the claim and
 * throws, so the job is retried with backoff; after MAX_ATTEMPTS the row is marked failed.
 */
export const sendClaimed = async (
  payload: Payload,
  row: ClaimedEmail,
): Promise<'sent' | 'failed'> => {
  const db = payload.db.drizzle
  try {
    await markSent(payload, await transmit(payload, row))
    return 'sent'
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const failed = row.attempts >= MAX_ATTEMPTS
    await db.execute(sql`
      UPDATE ${email_logs} SET ${bare(email_logs.claimedAt)} = NULL,
        ${bare(email_logs.lastError)} = ${message.slice(0, 500)},
        ${bare(email_logs.status)} = ${failed ? 'failed' : 'queued'},
        ${bare(email_logs.updatedAt)} = now()
      WHERE ${bare(email_logs.id)} = ${row.id}`)
    if (failed) return 'failed'
    throw error
  }
}

export type Sent = { id: number; providerId: string | null; raw: string | null }

/**
 * Builds a claimed message and hands it to the transport (the SMTP exchange); resolves once the
 * server accepted it, with what markSent records. Throws what the transport threw.
 */
export const transmit = async (
  payload: Payload,
  row: ClaimedEmail,
  /** The recipient's unsubscribe token when the caller read it already (a campaign's batch). */
  knownToken?: string,
): Promise<Sent> => {
  // Secrets go into the message only when it leaves the machine: the development outbox keeps
  // what it built on the log row, so it builds the redacted copy (decision 0061).
  const isLeaving = sendsForReal()
  const reveal = (body: string) =>
    isLeaving
      ? revealSecretLinks(body, { emailType: row.email_type, messageId: row.message_id })
      : body
  const headers = row.is_bulk
    ? listUnsubscribeHeaders(
        isLeaving ? (knownToken ?? (await unsubscribeTokenFor(payload, row.to_email))) : REDACTED,
      )
    : {}
  // Every message has both parts: a text-only body gets an HTML part made from it.
  const html = reveal(row.html_content ?? textToHtml(row.message ?? ''))
  const stream = row.is_bulk ? 'bulk' : 'single'
  const info = (await payload
    .sendEmail({
      from: senderAddress(),
      to: row.to_email,
      subject: row.subject,
      text: reveal(row.message ?? ''),
      html: row.is_bulk && trackingOn() ? withTracking(html, row.id) : html,
      messageId: row.message_id ?? undefined,
      headers,
    })
    .catch((error: unknown) => {
      metrics().emailsFailed.inc({ stream })
      throw error
    })) as { messageId?: string; response?: string; message?: Buffer | string }
  metrics().emailsSent.inc({ stream })
  const raw = sendsForReal() ? null : (info.message?.toString() ?? null)
  return { id: row.id, providerId: providerId(info), raw }
}

/**
 * Messages sent at the same moment are marked sent together (lib/batched), in one statement per
 * turn of the event loop: the window in which a process stopped by force leaves a sent message
 * unmarked (to be sent again once its claim is stale) stays one round trip long.
 */
export const markSent = batched(async (payload: Payload, sent: Sent[]) => {
  await payload.db.drizzle.execute(sql`
    UPDATE ${email_logs} SET ${bare(email_logs.status)} = 'sent',
      ${bare(email_logs.deliveredAt)} = now(), ${bare(email_logs.claimedAt)} = NULL,
      ${bare(email_logs.lastError)} = NULL, ${bare(email_logs.providerMessageId)} = s.provider_id,
      ${bare(email_logs.rawMessage)} = s.raw, ${bare(email_logs.updatedAt)} = now()
    FROM unnest(${sql.param(sent.map((row) => row.id))}::int[],
      ${sql.param(sent.map((row) => row.providerId))}::text[],
      ${sql.param(sent.map((row) => row.raw))}::text[]) AS s (${bare(email_logs.id)}, provider_id,
      raw)
    WHERE ${email_logs.id} = s.${bare(email_logs.id)}`)
  return sent.map(() => undefined)
}, 100)

/** The id the provider gave ("250 OK queued as X") or else the Message-ID. */
const providerId = (info: { messageId?: string; response?: string }): string | null =>
  /queued as\s+([\w.@<>-]+)/i.exec(info.response ?? '')?.[1] ?? info.messageId ?? null
