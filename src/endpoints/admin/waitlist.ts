import type { Endpoint } from 'payload'

import { requireAdmin } from '@/access/admin'
import {
  emailOpenedSchema,
  waitlistQuerySchema,
  waitlistStatsQuerySchema,
  waitlistStatusSchema,
} from '@/schemas/admin'
import {
  listWaitlist,
  sendWaitlistEmail,
  setWaitlistEmailOpened,
  setWaitlistStatus,
  waitlistLeaderboard,
  waitlistStats,
} from '@/services/admin/waitlist'

import { handler } from '../http'
import { adminJson, changeEndpoint, listEndpoints, queryOf, sendEndpoint } from './respond'

export const waitlistEndpoints: Endpoint[] = [
  ...listEndpoints('/admin/waitlist', waitlistQuerySchema, listWaitlist, (req) =>
    waitlistStats(req.payload, queryOf(req, waitlistStatsQuerySchema).product),
  ),
  {
    // The referral leaderboard of each product, or of the one asked for (decision 0119).
    path: '/admin/waitlist/leaderboard',
    method: 'get',
    handler: handler(async (req) => {
      const user = requireAdmin(req)
      const { product } = queryOf(req, waitlistStatsQuerySchema)
      return adminJson(user, { data: await waitlistLeaderboard(req.payload, product) })
    }),
  },
  changeEndpoint('/admin/waitlist/:id/status', waitlistStatusSchema, (payload, user, id, body) =>
    setWaitlistStatus(payload, user, id, body.status),
  ),
  changeEndpoint('/admin/waitlist/:id/email-opened', emailOpenedSchema, (payload, user, id, body) =>
    setWaitlistEmailOpened(payload, user, id, body.opened),
  ),
  sendEndpoint('/admin/waitlist/:id/send-email', 'Email sent successfully', sendWaitlistEmail),
]
