import { createHmac, timingSafeEqual } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import {
  bare,
  bounce_events,
  email_events,
  email_logs,
  email_suppressions,
  webhook_tokens,
} from '@/db'
import { metrics } from '@/lib/metrics/registry.mjs'
import { env } from '@/lib/env'
import { AppError, badRequest } from '@/lib/errors'
import { type WebhookEvent, genericWebhookSchema } from '@/schemas/email'

import { unsubscribeTokenFor } from './unsubscribe-links'
import { stopSequences } from './sequences'
import { turnOffAllMail } from '../email-links/preferences'

/** Signed calls older (or newer) than this are refused, so a captured call cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300

const unauthorized = () => new AppError(401, 'Invalid or missing webhook signature')

const sameHex = (expected: string, given: string) => {
  const a = Buffer.from(expected, 'hex')
  const b = Buffer.from(given, 'hex')
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b)
}

const fresh = (timestamp: number) =>
  Number.isFinite(timestamp) && Math.abs(Date.now() / 1000 - timestamp) <= WEBHOOK_TOLERANCE_SECONDS

export const signGeneric = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')

type MailgunBody = {
  signature?: { timestamp?: string; token?: string; signature?: string }
  'event-data'?: {
    id?: string
    event?: string
    severity?: string
    recipient?: string
    reason?: string
    url?: string
    message?: { headers?: { 'message-id'?: string } }
    'delivery-status'?: { description?: string; message?: string; code?: number }
  }
}

const MAILGUN_TYPES: Record<string, WebhookEvent['type']> = {
  failed: 'bounce',
  complained: 'complaint',
  delivered: 'delivered',
  opened: 'open',
  clicked: 'click',
  unsubscribed: 'unsubscribe',
}

export type ReadWebhook = {
  events: WebhookEvent[]
  /** Mailgun's signed token: single use, claimed with claimWebhookToken before the events count. */
  replayToken?: string
}

/**
 * Verifies and reads a webhook call: the generic format (X-Webhook-Timestamp and
 * X-Webhook-Signature: sha256=HMAC(secret, "timestamp.body")) or Mailgun's (signature object in
 * the body: HMAC(secret, timestamp + token)). Anything unsigned, badly signed or stale is 401.
 * Mailgun's signature does not cover the body, so its token is returned to be claimed once.
 */
export const readWebhook = (headers: Headers, rawBody: string): ReadWebhook => {
  const secret = env().EMAIL_WEBHOOK_SECRET
  if (!secret) throw unauthorized()
  let body: unknown
  try {
    body = JSON.parse(rawBody)
  } catch {
    body = undefined
  }
  const mailgun = body as MailgunBody | undefined
  if (mailgun?.signature && typeof mailgun.signature === 'object') {
    const { timestamp = '', token = '', signature = '' } = mailgun.signature
    const expected = createHmac('sha256', secret).update(`${timestamp}${token}`).digest('hex')
    if (!sameHex(expected, String(signature)) || !fresh(Number(timestamp))) throw unauthorized()
    return { events: [fromMailgun(mailgun)], replayToken: String(token) }
  }
  const timestamp = Number(headers.get('x-webhook-timestamp'))
  const signature = (headers.get('x-webhook-signature') ?? '').replace(/^sha256=/, '')
  if (!sameHex(signGeneric(secret, timestamp, rawBody), signature) || !fresh(timestamp))
    throw unauthorized()
  const parsed = genericWebhookSchema.safeParse(body)
  if (!parsed.success) throw badRequest('Webhook body does not match the documented format')
  // The generic signature covers the body: a replay carries the same event ids, recorded once.
  return { events: parsed.data.events }
}

export const REPLAYED = 'This webhook call was already received'

/** How long a seen token is kept: a call is fresh for ±tolerance around its own timestamp. */
const TOKEN_MEMORY_SECONDS = 2 * WEBHOOK_TOLERANCE_SECONDS + 60

/**
 * Claims a signed token, once: one INSERT … ON CONFLICT DO NOTHING, so of concurrent calls with
 * the same token exactly one gets the row; the others are replays (409). Tokens older than the
 * freshness window are pruned on the way (their calls would be refused as stale anyway).
 */
export const claimWebhookToken = async (payload: Payload, token: string) => {
  const db = payload.db.drizzle
  await db.execute(sql`
    DELETE FROM ${webhook_tokens}
    WHERE ${bare(webhook_tokens.createdAt)} < now() - make_interval(secs => ${TOKEN_MEMORY_SECONDS})`)
  const claimed = await db.execute(sql`
    INSERT INTO ${webhook_tokens} (${bare(webhook_tokens.token, webhook_tokens.updatedAt, webhook_tokens.createdAt)}) VALUES (${token}, now(), now())
    ON CONFLICT (${bare(webhook_tokens.token)}) DO NOTHING RETURNING ${bare(webhook_tokens.id)}`)
  if (claimed.rows.length === 0) throw new AppError(409, REPLAYED)
}

/** Releases a claimed token when its events could not be processed, so the provider's retry works. */
export const releaseWebhookToken = async (payload: Payload, token: string) => {
  await payload.db.drizzle.execute(
    sql`DELETE FROM ${webhook_tokens} WHERE ${bare(webhook_tokens.token)} = ${token}`,
  )
}

const fromMailgun = (body: MailgunBody): WebhookEvent => {
  const data = body['event-data'] ?? {}
  const type = MAILGUN_TYPES[data.event ?? '']
  if (!type || !data.id || !data.recipient) throw badRequest('Unsupported Mailgun event')
  const status = data['delivery-status']
  return {
    id: `mailgun:${data.id}`,
    type,
    bounceType: type === 'bounce' ? (data.severity === 'temporary' ? 'soft' : 'hard') : undefined,
    email: data.recipient.toLowerCase(),
    messageId: data.message?.headers?.['message-id'],
    reason: status?.description || status?.message || data.reason,
    url: data.url,
  }
}

const suppress = async (payload: Payload, event: WebhookEvent, type: string) => {
  const db = payload.db.drizzle
  await db.execute(sql`
    INSERT INTO ${email_suppressions} (${bare(email_suppressions.email, email_suppressions.suppressionType, email_suppressions.reason, email_suppressions.suppressedAt, email_suppressions.eventData, email_suppressions.source, email_suppressions.isActive, email_suppressions.updatedAt, email_suppressions.createdAt)})
    VALUES (${event.email}, ${type}, ${event.reason ?? null}, now(),
      ${JSON.stringify(event)}::jsonb, 'webhook', true, now(), now())
    ON CONFLICT (${bare(email_suppressions.email)}) DO UPDATE SET ${bare(email_suppressions.suppressionType)} = excluded.${bare(email_suppressions.suppressionType)},
      ${bare(email_suppressions.reason)} = excluded.${bare(email_suppressions.reason)},
      ${bare(email_suppressions.eventData)} = excluded.${bare(email_suppressions.eventData)},
      ${bare(email_suppressions.isActive)} = true, ${bare(email_suppressions.updatedAt)} = now()`)
  await stopSequences(payload, event.email)
}

/** The Message-ID as we stored it (with angle brackets), whichever form the provider sends. */
const bracketed = (id?: string) => (id ? (id.startsWith('<') ? id : `<${id}>`) : null)

/**
 * Records each event once (the provider event id is unique): hard bounces and complaints suppress
 * the address; soft bounces suppress after EMAIL_SOFT_BOUNCE_LIMIT within 30 days; the email
 * log's row is marked bounced; every event feeds the email events (campaign totals, metrics).
 */
export const processWebhookEvents = async (payload: Payload, events: WebhookEvent[]) => {
  const db = payload.db.drizzle
  let recorded = 0
  for (const event of events) {
    const messageId = bracketed(event.messageId)
    const logs = await db.execute(sql`
      SELECT ${bare(email_logs.id, email_logs.campaign)} FROM ${email_logs}
      WHERE ${messageId}::text IS NOT NULL AND (${bare(email_logs.messageId)} = ${messageId} OR ${bare(email_logs.providerMessageId)} = ${event.messageId ?? null})
      LIMIT 1`)
    const log = logs.rows[0] as { id: number; campaign_id: number | null } | undefined
    const inserted = await db.execute(sql`
      INSERT INTO ${email_events} (${bare(email_events.campaign, email_events.email, email_events.eventType, email_events.timestamp, email_events.providerEventId, email_events.url, email_events.reason, email_events.metadata, email_events.updatedAt, email_events.createdAt)})
      VALUES (${log?.campaign_id ?? null}, ${event.email}, ${event.type},
        ${event.timestamp ?? new Date().toISOString()},
        ${event.id}, ${event.url ?? null}, ${event.reason ?? null},
        ${JSON.stringify({ bounceType: event.bounceType, messageId: event.messageId })}::jsonb,
        now(), now())
      ON CONFLICT (${bare(email_events.providerEventId)}) DO NOTHING RETURNING ${bare(email_events.id)}`)
    if (inserted.rows.length === 0) continue // delivered twice by the provider
    recorded += 1
    if (event.type === 'bounce' || event.type === 'complaint')
      metrics().emailsBounced.inc({
        type: event.type === 'bounce' ? (event.bounceType ?? 'hard') : 'complaint',
      })
    if (event.type === 'bounce') {
      await db.execute(sql`
        INSERT INTO ${bounce_events} (${bare(bounce_events.email, bounce_events.bounceType, bounce_events.bounceSubType, bounce_events.timestamp, bounce_events.providerEventId, bounce_events.providerMessageId, bounce_events.reason, bounce_events.eventData, bounce_events.processed, bounce_events.updatedAt, bounce_events.createdAt)})
        VALUES (${event.email}, ${event.bounceType ?? 'hard'}, null, now(), ${event.id},
          ${event.messageId ?? null},
          ${event.reason ?? null}, ${JSON.stringify(event)}::jsonb, true, now(), now())
        ON CONFLICT (${bare(bounce_events.providerEventId)}) DO NOTHING`)
      if (log)
        await db.execute(
          sql`UPDATE ${email_logs} SET ${bare(email_logs.status)} = 'bounced' WHERE ${bare(email_logs.id)} = ${log.id}`,
        )
      if (event.bounceType === 'soft') {
        const soft = await db.execute(sql`
          SELECT count(*)::int AS n FROM ${bounce_events}
          WHERE lower(${bare(bounce_events.email)}) = ${event.email} AND ${bare(bounce_events.bounceType)} = 'soft' AND ${bare(bounce_events.timestamp)} > now() - interval '30 days'`)
        if ((soft.rows[0] as { n: number }).n >= env().EMAIL_SOFT_BOUNCE_LIMIT)
          await suppress(payload, event, 'soft_bounce')
      } else await suppress(payload, event, 'hard_bounce')
    } else if (event.type === 'complaint') {
      await suppress(payload, event, 'complaint')
    } else if (event.type === 'unsubscribe') {
      // Unsubscribed at the provider (its own link or the mailto address): as our one-click link.
      await turnOffAllMail(payload, await unsubscribeTokenFor(payload, event.email))
    }
  }
  return recorded
}
