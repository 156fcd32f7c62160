import type { Endpoint } from 'payload'

import { DEMO_EMAIL_MESSAGE, requireAdmin, requireFullAdmin } from '@/access/admin'
import {
  adminEmailSchema,
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

import { handler, parseWith, readJson } from '../http'
import { adminJson, idOf, listEndpoints, queryOf, sentAnswer } from './respond'

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
  {
    path: '/admin/waitlist/:id/status',
    method: 'patch',
    handler: handler(async (req) => {
      const user = requireFullAdmin(req)
      const id = idOf(req)
      const { status } = parseWith(waitlistStatusSchema, await readJson(req))
      const data = await setWaitlistStatus(req.payload, user, id, status)
      return adminJson(user, { success: true, data })
    }),
  },
  {
    path: '/admin/waitlist/:id/email-opened',
    method: 'patch',
    handler: handler(async (req) => {
      const user = requireFullAdmin(req)
      const id = idOf(req)
      const { opened } = parseWith(emailOpenedSchema, await readJson(req))
      const data = await setWaitlistEmailOpened(req.payload, user, id, opened)
      return adminJson(user, { success: true, data })
    }),
  },
  {
    path: '/admin/waitlist/:id/send-email',
    method: 'post',
    handler: handler(async (req) => {
      const user = requireFullAdmin(req, DEMO_EMAIL_MESSAGE)
      const id = idOf(req)
      const email = parseWith(adminEmailSchema, await readJson(req))
      const queued = await sendWaitlistEmail(req.payload, user, id, email)
      return adminJson(user, sentAnswer(queued.status, 'Email sent successfully'))
    }),
  },
]
