import type { Endpoint } from 'payload'

import { requireAdmin } from '@/access/admin'
import { overviewQuerySchema } from '@/schemas/admin'
import { overview } from '@/services/metrics/overview'
import { rangeOf } from '@/services/metrics/range'

import { handler } from '../http'
import { adminJson, queryOf } from './respond'

export const overviewEndpoints: Endpoint[] = [
  {
    path: '/admin/overview',
    method: 'get',
    handler: handler(async (req) => {
      const user = requireAdmin(req)
      const range = rangeOf(queryOf(req, overviewQuerySchema))
      return adminJson(user, { data: await overview(req.payload, range) })
    }),
  },
]
