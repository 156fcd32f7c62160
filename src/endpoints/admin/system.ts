import type { Endpoint } from 'payload'

import { requireAdmin } from '@/access/admin'
import { readSystemStatus } from '@/services/system/status'

import { handler } from '../http'

import { adminJson } from './respond'

/**
 * The System view (decision 0226): instances, jobs, email sending, the page cache, the last
 * backup and recent errors. Every admin; nothing in it is personal data, and a demo user's copy
 * goes through the same masking as every admin answer.
 */
export const systemEndpoints: Endpoint[] = [
  {
    path: '/admin/system',
    method: 'get',
    handler: handler(async (req) => {
      const user = requireAdmin(req)
      return adminJson(user, await readSystemStatus(req.payload))
    }),
  },
]
