import type { Endpoint } from 'payload'

import { requireAdmin } from '@/access/admin'
import { listQuerySchema } from '@/schemas/admin'
import { listSubscribers, newsletterStats } from '@/services/admin/newsletter'

import { handler } from '../http'
import { adminJson, listQueryOf } from './respond'

export const newsletterEndpoints: Endpoint[] = [
  {
    path: '/admin/newsletter',
    method: 'get',
    handler: handler(async (req) => {
      const user = requireAdmin(req)
      return adminJson(
        user,
        await listSubscribers(req.payload, listQueryOf(req, user, listQuerySchema)),
      )
    }),
  },
  {
    path: '/admin/newsletter/stats',
    method: 'get',
    handler: handler(async (req) => {
      const user = requireAdmin(req)
      return adminJson(user, { data: await newsletterStats(req.payload) })
    }),
  },
]
