import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { senderAddress } from '@/lib/email/addresses'
import { textToHtml } from '@/lib/email/html-text'

import { skipReason } from './eligibility'
import { listUnsubscribeHeaders, unsubscribeTokenFor } from './unsubscribe-links'
import { REDACTED, revealSecretLinks } from './secret-links'
import { trackingOn, withTracking } from './tracking'
import { sendsForReal } from './transport'

/** Sends attempted per message before it is marked failed. */
export const MAX_ATTEMPTS = 10
/** A claim older than this belongs to a process that died mid-send; the message may be tried again. */
export const STALE_CLAIM_MINUTES = 10

type ClaimedRow = {
  id: number
  to_email: string
  subject: string
  message: string | null
  html_content: string | null
  email_type: 'reply' | 'newsletter' | 'broadcast' | 'confirmation' | 'welcome' | 'sequence'
  is_bulk: boolean | null
  message_id: string | null
  attempts: number
}

export type DeliveryOutcome = 'sent' | 'skipped' | 'not-claimed' | 'failed'

/**
 * Delivers one email-log row, at most once: the row is claimed with a conditional UPDATE (only a
 * queued row without a live claim), so two runners never send the same message; the Message-ID
 * was fixed when it was queued. A failure releases the claim and throws, so the job is retried
 * with backoff; after MAX_ATTEMPTS the row is marked failed.
 */
export const deliverEmail = async (payload: Payload, logId: number): Promise<DeliveryOutcome> => {
  const db = payload.db.drizzle
  const claimed = await db.execute(sql`
    UPDATE email_logs SET claimed_at = now(), attempts = coalesce(attempts, 0) + 1, updated_at = now()
    WHERE id = ${logId} AND status = 'queued'
      AND (claimed_at IS NULL OR claimed_at < now() - make_interval(mins => ${STALE_CLAIM_MINUTES}))
    RETURNING id, to_email, subject, message, html_content, email_type, is_bulk, message_id, attempts`)
  const row = claimed.rows[0] as ClaimedRow | undefined
  if (!row) return 'not-claimed'

  const reason = await skipReason(payload, row.to_email, row.email_type, Boolean(row.is_bulk))
  if (reason) {
    await db.execute(sql`
      UPDATE email_logs SET status = 'skipped', skip_reason = ${reason}, claimed_at = NULL, updated_at = now()
      WHERE id = ${row.id}`)
    return 'skipped'
  }

  try {
    // Secrets go into the message only when it leaves the machine: the development outbox keeps
    // what it built on the log row, so it builds the redacted copy (decision 0061).
    const isLeaving = sendsForReal()
    const reveal = (body: string) =>
      isLeaving
        ? revealSecretLinks(body, { emailType: row.email_type, messageId: row.message_id })
        : body
    const headers = row.is_bulk
      ? listUnsubscribeHeaders(
          isLeaving ? await unsubscribeTokenFor(payload, row.to_email) : REDACTED,
        )
      : {}
    // Every message has both parts: a text-only body gets an HTML part made from it.
    const html = reveal(row.html_content ?? textToHtml(row.message ?? ''))
    const info = (await payload.sendEmail({
      from: senderAddress(),
      to: row.to_email,
      subject: row.subject,
      text: reveal(row.message ?? ''),
      html: row.is_bulk && trackingOn() ? withTracking(html, row.id) : html,
      messageId: row.message_id ?? undefined,
      headers,
    })) as { messageId?: string; response?: string; message?: Buffer | string }
    const raw = sendsForReal() ? null : (info.message?.toString() ?? null)
    await db.execute(sql`
      UPDATE email_logs SET status = 'sent', delivered_at = now(), claimed_at = NULL, last_error = NULL,
        provider_message_id = ${providerId(info)}, raw_message = ${raw}, updated_at = now()
      WHERE id = ${row.id}`)
    return 'sent'
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const failed = row.attempts >= MAX_ATTEMPTS
    await db.execute(sql`
      UPDATE email_logs SET claimed_at = NULL, last_error = ${message.slice(0, 500)},
        status = ${failed ? 'failed' : 'queued'}, updated_at = now()
      WHERE id = ${row.id}`)
    if (failed) return 'failed'
    throw error
  }
}

/** The id the provider gave ("250 OK queued as X") or else the Message-ID. */
const providerId = (info: { messageId?: string; response?: string }): string | null =>
  /queued as\s+([\w.@<>-]+)/i.exec(info.response ?? '')?.[1] ?? info.messageId ?? null
