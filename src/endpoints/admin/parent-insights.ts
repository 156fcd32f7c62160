import type { Endpoint } from 'payload'

import { requireAdmin } from '@/access/admin'
import { listQuerySchema } from '@/schemas/admin'
import { listParentInsights } from '@/services/admin/parent-insights'

import { handler } from '../http'
import { adminJson, listQueryOf } from './respond'

export const parentInsightsEndpoints: Endpoint[] = [
  {
    path: '/admin/parent-insights',
    method: 'get',
    handler: handler(async (req) => {
      const user = requireAdmin(req)
      return adminJson(
        user,
        await listParentInsights(req.payload, listQueryOf(req, user, listQuerySchema)),
      )
    }),
  },
]
