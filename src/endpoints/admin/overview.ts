import type { Endpoint } from 'payload'

import { requireAdmin } from '@/access/admin'
import { overviewQuerySchema } from '@/schemas/admin'
import { overview } from '@/services/admin/overview'

import { handler } from '../http'
import { adminJson, queryOf } from './respond'

export const overviewEndpoints: Endpoint[] = [
  {
    path: '/admin/overview',
    method: 'get',
    handler: handler(async (req) => {
      const user = requireAdmin(req)
      const { days } = queryOf(req, overviewQuerySchema)
      return adminJson(user, { data: await overview(req.payload, days) })
    }),
  },
]
