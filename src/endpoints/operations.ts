import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Endpoint } from 'payload'

import { RETRY_AFTER_SECONDS, shouldLog } from '@/lib/db/unavailable'
import { loggableError } from '@/lib/loggable-error'

import { handler, json } from './http'

export const operationsEndpoints: Endpoint[] = [
  // Readiness: 200 only when the database answers, and an answer within 2 s whatever it does.
  {
    path: '/health',
    method: 'get',
    handler: async (req) => {
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('health check timed out after 2 s')), 2_000).unref(),
      )
      try {
        await Promise.race([req.payload.db.drizzle.execute(sql`select 1`), timeout])
        return json({ status: 'ok', database: 'ok' })
      } catch (error) {
        const { log } = shouldLog('health check failed')
        if (log)
          req.payload.logger.warn({
            msg: 'health check failed',
            error: loggableError(error).message,
          })
        return json({ status: 'unavailable', database: 'unreachable' }, 503, {
          'Retry-After': String(RETRY_AFTER_SECONDS),
        })
      }
    },
  },
  // Liveness: the process serves requests; touches nothing else.
  { path: '/status', method: 'get', handler: handler(async () => json({ status: 'ok' })) },
]
