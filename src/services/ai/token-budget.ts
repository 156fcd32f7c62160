import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { bare, payload_kv } from '@/db'
import { AppError } from '@/lib/errors'

/**
 * The daily token budget lives in PostgreSQL (Payload's key-value table, one row per UTC day), so
 * every app instance spends from the same allowance. See docs/decisions/0020-ai-client.md.
 */
const KEY_PREFIX = 'ai-token-usage:'

export const BUDGET_EXHAUSTED_MESSAGE =
  "Today's AI token budget is used up. AI assistance resumes tomorrow (UTC)."

const todayKey = (now = new Date()) => `${KEY_PREFIX}${now.toISOString().slice(0, 10)}`

const tokensOf = (rows: unknown[]): number =>
  Number((rows[0] as { tokens?: string | number } | undefined)?.tokens ?? 0)

export const tokensUsedToday = async (payload: Payload): Promise<number> => {
  const result = await payload.db.drizzle.execute(
    sql`SELECT ${bare(payload_kv.data)}->>'tokens' AS tokens FROM ${payload_kv} WHERE ${bare(payload_kv.key)} = ${todayKey()}`,
  )
  return tokensOf(result.rows)
}

/** Refuses the call before it is made once today's spending has reached the limit (0 = none). */
export const assertTokenBudget = async (payload: Payload, limit: number): Promise<void> => {
  if (limit > 0 && (await tokensUsedToday(payload)) >= limit) {
    throw new AppError(429, BUDGET_EXHAUSTED_MESSAGE)
  }
}

/** Adds what a call spent, atomically, and returns today's total. */
export const recordTokens = async (payload: Payload, tokens: number): Promise<number> => {
  const spent = Math.max(0, Math.round(tokens))
  const result = await payload.db.drizzle.execute(sql`
    INSERT INTO ${payload_kv} (${bare(payload_kv.key, payload_kv.data)})
    VALUES (${todayKey()}, jsonb_build_object('tokens', ${spent}::bigint))
    ON CONFLICT (${bare(payload_kv.key)}) DO UPDATE
      SET ${bare(payload_kv.data)} = jsonb_build_object('tokens',
        COALESCE((${payload_kv.data}->>'tokens')::bigint, 0) + ${spent}::bigint)
    RETURNING ${bare(payload_kv.data)}->>'tokens' AS tokens`)
  return tokensOf(result.rows)
}
