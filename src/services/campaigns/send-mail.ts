import { randomUUID } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { alias, bare, campaigns, email_logs } from '@/db'
import { batched } from '@/lib/batched'
import { env } from '@/lib/env'
import { loggableError } from '@/lib/loggable-error'

import { type ClaimedEmail, MAX_ATTEMPTS, type Sent, markSent, transmit } from '../email/deliver'
import { skipReasonSql } from '../email/eligibility'
import { sendBurst, takeSendTokens } from '../email/send-rate'
import { sendsForReal } from '../email/transport'
import { unsubscribeTokensFor } from '../email/unsubscribe-links'

/** This process, as written on the messages it claims (email_logs.claimed_by). */
const INSTANCE = randomUUID()
/** Most messages one claim takes (fewer at low rates: half a second of sending). */
const MAX_BATCH = 500

const l = alias(email_logs, 'l')
const c = alias(campaigns, 'c')

const lease = () => sql`make_interval(secs => ${env().EMAIL_SEND_LEASE_SECONDS})`
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Sends campaign mail in this process for up to `budgetMs` (docs/decisions/0200), then returns
 * how many messages it settled. Every instance that works the email queue runs it on each tick, so
 * all of them share a send. A message's life: `queued` in the email log (the sendCampaign job
 * wrote it), claimed by an instance in a batch (claimed_at, claimed_by: a lease), started
 * (sending_at, written just before the SMTP exchange, and only while the claim is still this
 * instance's and the campaign still sending), then settled: `sent`, or back to `queued` for a
 * retry, or `failed`. A claim whose lease ran out before the start is taken by another instance;
 * a start that was never settled is `interrupted` (its instance died during the exchange, so
 * whether the server took it is unknown; it is reported, not sent again).
 */
export const sendCampaignMail = async (
  payload: Payload,
  { budgetMs = 1000 }: { budgetMs?: number } = {},
): Promise<number> => {
  const until = Date.now() + budgetMs
  await settleAbandoned(payload)
  let settled = 0
  // Two lanes, each claiming and sending batches of its own: while one waits for its batch's
  // last messages and claims the next, the other keeps the connections busy.
  const lane = async () => {
    for (;;) {
      const claimed = await claimBatch(payload, batchSize())
      if (claimed.length === 0) break
      settled += await sendBatch(payload, claimed)
      if (Date.now() >= until) break
    }
  }
  await Promise.all([lane(), lane()])
  if (settled > 0) await finishCampaigns(payload)
  return settled
}

const batchSize = () => Math.min(MAX_BATCH, Math.ceil(sendBurst()))

/**
 * Marks as `interrupted` the messages whose exchange started longer than the lease ago and never
 * settled (the instance sending them died), then finishes campaigns that have nothing left.
 */
const settleAbandoned = async (payload: Payload) => {
  await payload.db.drizzle.execute(sql`
    UPDATE ${email_logs} ${l} SET ${bare(email_logs.status)} = 'interrupted',
      ${bare(email_logs.lastError)} = 'The sending instance stopped during the SMTP exchange: delivery unknown, not sent again',
      ${bare(email_logs.updatedAt)} = now()
    WHERE ${l.status} = 'queued' AND ${l.campaign} IS NOT NULL AND ${l.sendingAt} < now() - ${lease()}`)
  await finishCampaigns(payload)
}

/** A sending campaign whose every recipient is written and none is left queued is sent. */
const finishCampaigns = async (payload: Payload) => {
  await payload.db.drizzle.execute(sql`
    UPDATE ${campaigns} ${c} SET ${bare(campaigns.status)} = 'sent', ${bare(campaigns.sentAt)} = now(),
      ${bare(campaigns.updatedAt)} = now()
    WHERE ${c.status} = 'sending' AND ${c.queuedAt} IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM ${email_logs} ${l} WHERE ${l.campaign} = ${c.id} AND ${l.status} = 'queued')`)
}

/**
 * Claims up to `size` queued messages of sending campaigns in one statement (FOR UPDATE SKIP
 * LOCKED: concurrent instances take different ones), oldest campaign first. Free: never claimed,
 * or the claim's lease ran out before it started (a retry waits by holding a claim dated into the
 * future). The skip rule is asked when each message starts (markStarted), after its claim.
 */
const claimBatch = async (payload: Payload, size: number): Promise<ClaimedEmail[]> => {
  const e = alias(email_logs, 'e')
  const result = await payload.db.drizzle.execute(sql`
    WITH picked AS (
      SELECT ${e.id} FROM ${email_logs} ${e}
      WHERE ${e.status} = 'queued' AND ${e.campaign} IN (
          SELECT ${c.id} FROM ${campaigns} ${c} WHERE ${c.status} = 'sending')
        AND ${e.sendingAt} IS NULL
        AND (${e.claimedAt} IS NULL OR ${e.claimedAt} < now() - ${lease()})
      ORDER BY ${e.campaign}, ${e.id} LIMIT ${size} FOR UPDATE OF ${e} SKIP LOCKED)
    UPDATE ${email_logs} ${l} SET ${bare(email_logs.claimedAt)} = now(),
      ${bare(email_logs.claimedBy)} = ${INSTANCE}, ${bare(email_logs.updatedAt)} = now()
    FROM picked p WHERE ${l.id} = p.${bare(email_logs.id)}
    RETURNING ${l.id}, ${l.toEmail}, ${l.subject}, ${l.message}, ${l.htmlContent}, ${l.emailType},
      ${l.isBulk}, ${l.messageId}, ${l.attempts}, NULL AS ${bare(email_logs.skipReason)}`)
  return result.rows as ClaimedEmail[]
}

/**
 * Sends a claimed batch as the shared rate allows: tokens are taken for what is left, that many
 * messages go (SMTP_POOL_SIZE at once in each of the two lanes), and the
 * batch waits for the next token when the bucket is empty.
 */
const sendBatch = async (payload: Payload, rows: ClaimedEmail[]): Promise<number> => {
  // The List-Unsubscribe tokens of the whole batch in one statement.
  const tokens = sendsForReal()
    ? await unsubscribeTokensFor(
        payload,
        rows.filter((row) => row.is_bulk).map((row) => row.to_email),
      )
    : new Map<string, string>()
  let done = 0
  let settled = 0
  while (done < rows.length) {
    const { granted, waitMs } = await takeSendTokens(payload, rows.length - done)
    const chunk = rows.slice(done, done + granted)
    done += chunk.length
    let next = 0
    const worker = async () => {
      while (next < chunk.length) {
        const row = chunk[next++]
        if (await sendOne(payload, row, tokens.get(row.to_email.toLowerCase()))) settled++
      }
    }
    // The two lanes together keep twice the pool's connections' worth in flight.
    const workers = Math.min(chunk.length, env().SMTP_POOL_SIZE)
    await Promise.all(Array.from({ length: workers }, worker))
    if (done < rows.length) await sleep(waitMs)
  }
  return settled
}

/**
 * One message: started (or given up when the claim is no longer this instance's or the campaign
 * was paused or cancelled), sent, settled. True when it was settled here.
 */
const sendOne = async (
  payload: Payload,
  row: ClaimedEmail,
  token: string | undefined,
): Promise<boolean> => {
  if (!(await markStarted(payload, row.id))) {
    await release(payload, row.id)
    return false
  }
  let sent: Sent
  try {
    sent = await transmit(payload, row, token)
  } catch (error) {
    await settleFailure(payload, row, error)
    return true
  }
  await markSent(payload, sent)
  return true
}

/**
 * Writes the start of each message's SMTP exchange before it begins (one statement for the
 * messages starting at once): only a message still queued, claimed by this instance and not
 * started, of a campaign still sending, starts. The skip rule (suppression list, erasure,
 * preferences) is asked here, just before the exchange, so a bounce or an unsubscribe that arrived
 * during the send stops every message that has not started (marked skipped with the reason).
 * True when this one started.
 */
const markStarted = batched(async (payload: Payload, ids: number[]) => {
  const e = alias(email_logs, 'e')
  const result = await payload.db.drizzle.execute(sql`
    WITH startable AS (
      SELECT ${e.id}, ${skipReasonSql(sql`${e.toEmail}`, sql`${e.emailType}`, sql`coalesce(${e.isBulk}, false)`)}
        AS ${bare(email_logs.skipReason)}
      FROM ${email_logs} ${e} JOIN ${campaigns} ${c} ON ${c.id} = ${e.campaign} AND ${c.status} = 'sending'
      WHERE ${e.id} = ANY(${sql.param(ids)}::int[]) AND ${e.claimedBy} = ${INSTANCE}
        AND ${e.status} = 'queued' AND ${e.sendingAt} IS NULL
      FOR UPDATE OF ${e})
    UPDATE ${email_logs} ${l} SET
      ${bare(email_logs.sendingAt)} = CASE WHEN s.${bare(email_logs.skipReason)} IS NULL THEN now() END,
      ${bare(email_logs.status)} = CASE WHEN s.${bare(email_logs.skipReason)} IS NULL THEN ${l.status} ELSE 'skipped' END,
      ${bare(email_logs.skipReason)} = s.${bare(email_logs.skipReason)},
      ${bare(email_logs.attempts)} = coalesce(${l.attempts}, 0) + 1
    FROM startable s WHERE ${l.id} = s.${bare(email_logs.id)}
    RETURNING ${l.id}, s.${bare(email_logs.skipReason)}`)
  const rows = result.rows as { id: number; skip_reason: string | null }[]
  const started = new Set(rows.filter((row) => !row.skip_reason).map((row) => Number(row.id)))
  return ids.map((id) => started.has(id))
}, 500)

/** A claimed message that did not start (paused, cancelled, or taken over) is free again. */
const release = async (payload: Payload, id: number) => {
  await payload.db.drizzle.execute(sql`
    UPDATE ${email_logs} SET ${bare(email_logs.claimedAt)} = NULL, ${bare(email_logs.claimedBy)} = NULL
    WHERE ${bare(email_logs.id)} = ${id} AND ${bare(email_logs.claimedBy)} = ${INSTANCE}
      AND ${bare(email_logs.sendingAt)} IS NULL`)
}

/**
 * The server refused the message or could not be reached: a permanent refusal (a 5xx reply) or
 * the last attempt marks it failed; otherwise it is queued again, free once the retry delay
 * (EMAIL_RETRY_BASE_MS, doubling with each attempt) has passed.
 */
const settleFailure = async (payload: Payload, row: ClaimedEmail, error: unknown) => {
  const code = Number((error as { responseCode?: number }).responseCode)
  const attempts = Number(row.attempts ?? 0) + 1
  const failed = code >= 500 || attempts >= MAX_ATTEMPTS
  const message = error instanceof Error ? error.message : String(error)
  if (!failed)
    payload.logger.warn({
      msg: 'campaign message retried',
      id: row.id,
      error: loggableError(error),
    })
  const retryMs = env().EMAIL_RETRY_BASE_MS * 2 ** (attempts - 1)
  await payload.db.drizzle.execute(sql`
    UPDATE ${email_logs} SET ${bare(email_logs.status)} = ${failed ? 'failed' : 'queued'},
      ${bare(email_logs.sendingAt)} = NULL, ${bare(email_logs.claimedBy)} = NULL,
      ${bare(email_logs.claimedAt)} = ${failed ? null : sql`now() - ${lease()} + make_interval(secs => ${retryMs / 1000})`},
      ${bare(email_logs.lastError)} = ${message.slice(0, 500)}, ${bare(email_logs.updatedAt)} = now()
    WHERE ${bare(email_logs.id)} = ${row.id}`)
}
