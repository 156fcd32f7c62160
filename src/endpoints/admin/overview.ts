import type { Endpoint } from 'payload'

import { requireAdmin } from '@/access/admin'
import { overviewQuerySchema } from '@/schemas/admin'
import { overview } from '@/services/metrics/overview'
import { rangeOf } from '@/services/metrics/range'
import { speedFigures } from '@/services/metrics/speed'

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
  {
    // Real visitors' speed (decision 0222): p75 per route and device class, and per day.
    path: '/admin/speed',
    method: 'get',
    handler: handler(async (req) => {
      const user = requireAdmin(req)
      const range = rangeOf(queryOf(req, overviewQuerySchema))
      return adminJson(user, { data: await speedFigures(req.payload, range) })
    }),
  },
]
