import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Endpoint } from 'payload'

import { handler, json } from './http'

export const operationsEndpoints: Endpoint[] = [
  // Readiness: 200 only when the database answers.
  {
    path: '/health',
    method: 'get',
    handler: async (req) => {
      try {
        await req.payload.db.drizzle.execute(sql`select 1`)
        return json({ status: 'ok', database: 'ok' })
      } catch (error) {
        req.payload.logger.error({ msg: 'health check failed', err: error })
        return json({ status: 'unavailable', database: 'unreachable' }, 503)
      }
    },
  },
  // Liveness: the process serves requests; touches nothing else.
  { path: '/status', method: 'get', handler: handler(async () => json({ status: 'ok' })) },
]
