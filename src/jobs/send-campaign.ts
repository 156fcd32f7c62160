import type { TaskConfig } from 'payload'

import { queueCampaign } from '@/services/campaigns/queue-campaign'

/**
 * Resolves a campaign's recipients and queues their emails in batches (docs/decisions/0118).
 * Safe to run again or twice at once: it continues from the campaign's cursor, and the email log
 * holds each address of a campaign once.
 */
export const sendCampaign: TaskConfig<{
  input: { campaignId: number }
  output: { outcome: string }
}> = {
  slug: 'sendCampaign',
  label: 'Queue a campaign',
  inputSchema: [{ name: 'campaignId', type: 'number', required: true }],
  outputSchema: [{ name: 'outcome', type: 'text' }],
  retries: { attempts: 5, backoff: { type: 'exponential', delay: 10_000 } },
  handler: async ({ input, req }) => ({
    output: { outcome: await queueCampaign(req.payload, input.campaignId) },
  }),
}
