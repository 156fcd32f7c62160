import type { Migration, Payload } from 'payload'

import { migrations } from '@/migrations'

/** Applies the committed migrations that have not run yet (imported, so no loader is needed at run time). */
export const migrateDatabase = (payload: Payload) =>
  payload.db.migrate({ migrations: migrations as unknown as Migration[] })

/**
 * Ends Payload's connection pool (`payload.destroy()` alone leaves it open). Not awaited past a
 * moment: a connection still busy is closed by the server side.
 */
export const closePayload = async (payload: Payload) => {
  const pool = (payload.db as unknown as { pool?: Pool }).pool
  await payload.destroy()
  if (!pool || pool.ended) return
  pool.on('error', () => undefined)
  await Promise.race([pool.end(), new Promise((resolve) => setTimeout(resolve, 500).unref())])
}

type Pool = {
  end: () => Promise<void>
  ended?: boolean
  on: (event: 'error', listener: () => void) => void
}
