import type { Endpoint } from 'payload'

import { requireAdmin, requireFullAdmin } from '@/access/admin'
import { cancelCampaign } from '@/services/campaigns/cancel-campaign'
import { campaignProgress, recentCampaigns } from '@/services/campaigns/campaign-progress'

import { handler } from '../http'
import { adminJson, idOf } from './respond'

/** Composer campaigns (docs/decisions/0118): progress for every admin, cancelling for full ones. */
export const campaignsEndpoints: Endpoint[] = [
  {
    path: '/admin/campaigns',
    method: 'get',
    handler: handler(async (req) => {
      const user = requireAdmin(req)
      return adminJson(user, { data: await recentCampaigns(req.payload) })
    }),
  },
  {
    path: '/admin/campaigns/:id',
    method: 'get',
    handler: handler(async (req) => {
      const user = requireAdmin(req)
      return adminJson(user, await campaignProgress(req.payload, idOf(req)))
    }),
  },
  {
    path: '/admin/campaigns/:id/cancel',
    method: 'post',
    handler: handler(async (req) => {
      const user = requireFullAdmin(req)
      return adminJson(user, await cancelCampaign(req.payload, user, idOf(req)))
    }),
  },
]
