import { randomUUID } from 'node:crypto'

import pg from 'pg'

import { metrics } from '../metrics/registry.mjs'

/**
 * Page revalidations shared by every instance of the site through PostgreSQL (decision 0150).
 *
 * Next.js keeps the revalidation times of cache tags (paths are tags too) in the memory of the
 * process that revalidated them. Here each revalidation is also written to one row per tag in
 * `page_cache_revalidations` and announced with NOTIFY; every instance LISTENs and applies what
 * the others announce as soon as it arrives. An instance that was not listening (starting, or cut
 * off from PostgreSQL) reads the rows changed meanwhile when it connects, and applies each at the
 * time it was made. While PostgreSQL cannot be reached, pages keep being served from the cache as
 * they are; revalidations made here in that time are kept in memory and written once it returns.
 */
export const CHANNEL = 'page_cache_revalidations'
/** Tags per NOTIFY: a notification's payload is limited to 8,000 bytes. */
const TAGS_PER_NOTICE = 40
const RECONNECT_MS = 1_000
/**
 * The most a starting instance waits for its first catch-up before serving cached pages anyway:
 * a connection's and a query's timeout. A first attempt that fails (the database refuses, or is
 * gone past its timeout) ends the wait at once; a slow one that succeeds is waited for, however
 * loaded the machine, so a page stored before a restart is never served after a change.
 */
const FIRST_CATCH_UP_WAIT_MS = 10_000
/** Catching up after a reconnection also reads this far back (writes commit out of order). */
const CATCH_UP_OVERLAP_MS = 10_000

/**
 * @typedef {{ tags: string[], expireSeconds?: number }} Revalidation
 * @typedef {(revalidation: Revalidation, at: number) => void} Apply
 */

/**
 * One per process: Next loads this module natively and also bundles a copy into the server's
 * chunks, and both must share one connection and one outbox.
 * @type {{ origin: string, client?: pg.Client, apply?: Apply, seenUntil?: number, caughtUp?: Promise<void>, markCaughtUp?: () => void, outbox: Revalidation[], flushing: Promise<void>, timer?: NodeJS.Timeout }}
 */
const state = (process[Symbol.for('starfinity.pageCacheRevalidations')] ??= {
  origin: randomUUID(),
  outbox: [],
  flushing: Promise.resolve(),
})

/** The database the site uses; none while the site is being built (nothing to share then). */
const connectionString = () =>
  process.env.NEXT_PHASE === 'phase-production-build' ? undefined : process.env.DATABASE_URL

/**
 * Starts listening (once per process), applying other instances' revalidations with `apply`:
 * `at` is when the revalidation was made (ms since the epoch), never later than now.
 */
export const listenForRevalidations = (apply) => {
  if (state.apply || !connectionString()) return
  state.apply = apply
  state.caughtUp = new Promise((resolve) => {
    state.markCaughtUp = resolve
    setTimeout(resolve, FIRST_CATCH_UP_WAIT_MS).unref()
  })
  void connect()
}

/**
 * Resolves once this process has applied what other instances revalidated before it started
 * listening (at most FIRST_CATCH_UP_WAIT_MS after its start, so an unreachable database does not
 * stop it from serving): a page it stored before a restart is not served after a change made
 * while it was down.
 */
export const caughtUp = () => state.caughtUp

/** Writes and announces revalidations made in this process (after applying them here). */
export const shareRevalidation = async (revalidation) => {
  if (!connectionString() || revalidation.tags.length === 0) return
  state.outbox.push(revalidation)
  await flush()
}

/** One flush at a time: each waiting revalidation is written once, in order. */
const flush = () => {
  state.flushing = state.flushing.then(() => (state.client ? flushOutbox(state.client) : undefined))
  return state.flushing
}

const scheduleReconnect = () => {
  if (state.timer) return
  state.timer = setTimeout(() => {
    state.timer = undefined
    void connect()
  }, RECONNECT_MS)
  state.timer.unref()
}

const lost = (client) => {
  if (state.client !== client && state.client !== undefined) return
  state.client = undefined
  client.removeAllListeners('notification')
  client.end().catch(() => undefined)
  scheduleReconnect()
}

const connect = async () => {
  const client = new pg.Client({
    connectionString: connectionString(),
    application_name: 'page cache revalidations',
    keepAlive: true,
    connectionTimeoutMillis: 5_000,
    // A database that hangs is treated as gone: the connection is dropped and opened again.
    query_timeout: 5_000,
  })
  client.on('error', () => lost(client))
  client.on('end', () => lost(client))
  client.on('notification', (message) => {
    if (message.channel !== CHANNEL || !message.payload) return
    const notice = JSON.parse(message.payload)
    state.seenUntil = Math.max(state.seenUntil ?? 0, notice.at)
    if (notice.origin === state.origin) return
    state.apply?.({ tags: notice.tags, expireSeconds: notice.expireSeconds }, Date.now())
    countReceived(notice.at)
  })
  try {
    await client.connect()
    await client.query(`LISTEN ${CHANNEL}`)
    await catchUp(client)
    state.client = client
    await flush()
  } catch {
    // Nothing can be read now: cached pages are served as they are until a connection catches up.
    state.markCaughtUp?.()
    lost(client)
  }
}

/** A revalidation of another instance applied here, and how long after it was made. */
const countReceived = (at) => {
  const { revalidationsReceived, revalidationLag } = metrics()
  revalidationsReceived.inc()
  if (typeof at === 'number') revalidationLag.set(Math.max(0, (Date.now() - at) / 1000))
}

/** Applies the revalidations made since this process last heard (all of them at its start). */
const catchUp = async (client) => {
  const since = state.seenUntil === undefined ? 0 : state.seenUntil - CATCH_UP_OVERLAP_MS
  const { rows } = await client.query(
    `SELECT tag, expire_seconds, (extract(epoch FROM revalidated_at) * 1000)::float8 AS at
       FROM page_cache_revalidations WHERE revalidated_at > to_timestamp($1::float8 / 1000)`,
    [since],
  )
  const now = Date.now()
  for (const row of rows) {
    state.seenUntil = Math.max(state.seenUntil ?? 0, row.at)
    state.apply?.(
      { tags: [row.tag], expireSeconds: row.expire_seconds ?? undefined },
      Math.min(row.at, now),
    )
  }
  state.seenUntil ??= now
  state.markCaughtUp?.()
}

/** Writes the waiting revalidations, in order; on failure they wait for the next connection. */
const flushOutbox = async (client) => {
  while (state.outbox.length > 0 && state.client === client) {
    const { tags, expireSeconds } = state.outbox[0]
    try {
      for (let i = 0; i < tags.length; i += TAGS_PER_NOTICE) {
        await client.query(
          `WITH changed AS (
             INSERT INTO page_cache_revalidations (tag, revalidated_at, expire_seconds)
             SELECT tag, clock_timestamp(), $2::float8 FROM unnest($1::text[]) AS tag
             ON CONFLICT (tag) DO UPDATE
               SET revalidated_at = excluded.revalidated_at, expire_seconds = excluded.expire_seconds
             RETURNING revalidated_at)
           SELECT pg_notify($3, json_build_object(
             'origin', $4::text, 'tags', $1::text[], 'expireSeconds', $2::float8,
             'at', (SELECT (extract(epoch FROM max(revalidated_at)) * 1000)::float8 FROM changed)
           )::text)`,
          [tags.slice(i, i + TAGS_PER_NOTICE), expireSeconds ?? null, CHANNEL, state.origin],
        )
      }
      state.outbox.shift()
    } catch {
      lost(client)
      return
    }
  }
}
