import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { bare, email_send_rate as r } from '@/db'
import { env } from '@/lib/env'

/** The one bucket of the mail server's rate: every instance takes from it. */
const BUCKET = 'smtp'

/**
 * The most tokens the bucket holds: half a second of sending. In any stretch of time t the
 * instances together send at most rate × (t + ½ s).
 */
export const sendBurst = (rate = env().EMAIL_RATE_PER_SECOND) => Math.max(1, rate / 2)

export type Tokens = {
  /** Messages that may go now. */
  granted: number
  /** How long until the next token, when fewer than asked were granted. */
  waitMs: number
}

/**
 * Takes up to `wanted` sending tokens from the bucket all instances share (decision 0200): one
 * statement locks its row, refills it for the time since the last taker at EMAIL_RATE_PER_SECOND
 * (capped at sendBurst) and takes what it holds. `force` takes them all even into debt (mail to
 * one person, which never waits: campaigns then wait for the debt to be paid back).
 */
export const takeSendTokens = async (
  payload: Payload,
  wanted: number,
  { force = false } = {},
): Promise<Tokens> => {
  const rate = env().EMAIL_RATE_PER_SECOND
  const burst = sendBurst(rate)
  const db = payload.db.drizzle
  const take = () =>
    db.execute(sql`
      WITH cur AS (
        SELECT clock_timestamp() AS taken_at, least(${burst}::float8, ${bare(r.tokens)}
          + ${rate}::float8 * extract(epoch FROM clock_timestamp() - ${bare(r.refilledAt)})) AS avail
        FROM ${r} WHERE ${bare(r.key)} = ${BUCKET} FOR UPDATE),
      g AS (
        SELECT taken_at, avail, CASE WHEN ${force} THEN ${wanted}::int
          ELSE greatest(0, least(${wanted}::int, floor(avail)::int)) END AS given FROM cur)
      UPDATE ${r} SET ${bare(r.tokens)} = g.avail - g.given, ${bare(r.refilledAt)} = g.taken_at
      FROM g WHERE ${bare(r.key)} = ${BUCKET}
      RETURNING g.given, g.avail - g.given AS left_over`)
  let result = await take()
  if (result.rows.length === 0) {
    await db.execute(sql`
      INSERT INTO ${r} (${bare(r.key, r.tokens, r.refilledAt)}) VALUES (${BUCKET}, ${burst}, clock_timestamp())
      ON CONFLICT (${bare(r.key)}) DO NOTHING`)
    result = await take()
  }
  const row = result.rows[0] as { given: number; left_over: number }
  const granted = Number(row.given)
  const leftOver = Number(row.left_over)
  return { granted, waitMs: granted < wanted ? (1000 * Math.max(0.05, 1 - leftOver)) / rate : 0 }
}
