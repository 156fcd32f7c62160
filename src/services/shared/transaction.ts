import type { NodePgDatabase } from '@payloadcms/db-postgres/drizzle/node-postgres'
import {
  type Payload,
  type PayloadRequest,
  commitTransaction,
  createLocalReq,
  initTransaction,
  killTransaction,
} from 'payload'

export type Transaction = {
  /** Pass to Payload's Local API calls (`req`) so they join the transaction. */
  req: PayloadRequest
  /** Drizzle bound to the transaction's connection, for plain inserts and updates. */
  db: NodePgDatabase<Record<string, unknown>>
}

/**
 * Runs `fn` in one database transaction and resolves only once COMMIT has succeeded: a caller that
 * answers 2xx after this has its rows stored. A failed COMMIT (a dropped connection, a server
 * restart) rejects, and the caller answers 503 (src/endpoints/http.ts). Joins the transaction of
 * `outer` when there is one.
 */
export const inTransaction = async <T>(
  payload: Payload,
  fn: (tx: Transaction) => Promise<T>,
  outer?: PayloadRequest,
): Promise<T> => {
  const req = outer ?? (await createLocalReq({ context: { disableRevalidate: true } }, payload))
  const own = await initTransaction(req)
  try {
    const id = await req.transactionID
    const sessions = (
      payload.db as unknown as { sessions: Record<string, { db: Transaction['db'] }> }
    ).sessions
    const db =
      (id !== undefined && sessions[String(id)]?.db) || (payload.db.drizzle as Transaction['db'])
    const result = await fn({ req, db })
    if (own) await commitTransaction(req)
    return result
  } catch (error) {
    if (own) await killTransaction(req)
    throw error
  }
}
