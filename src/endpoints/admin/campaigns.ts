import type { Endpoint } from 'payload'

import { requireAdmin, requireFullAdmin } from '@/access/admin'
import { cancelCampaign, pauseCampaign, resumeCampaign } from '@/services/campaigns/cancel-campaign'
import { campaignProgress, recentCampaigns } from '@/services/campaigns/campaign-progress'

import { handler } from '../http'
import { adminJson, idOf } from './respond'

/**
 * Composer campaigns (docs/decisions/0118, 0200): progress for every admin; pausing, resuming and
 * cancelling for full ones.
 */
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
  ...(
    [
      ['cancel', cancelCampaign],
      ['pause', pauseCampaign],
      ['resume', resumeCampaign],
    ] as const
  ).map(([action, change]): Endpoint => ({
    path: `/admin/campaigns/:id/${action}`,
    method: 'post',
    handler: handler(async (req) => {
      const user = requireFullAdmin(req)
      return adminJson(user, await change(req.payload, user, idOf(req)))
    }),
  })),
]
