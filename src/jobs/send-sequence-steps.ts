import type { TaskConfig } from 'payload'

import { advanceSequences } from '@/services/email/sequences'

/** Queues the steps of email sequences that have come due (runs every minute). */
export const sendSequenceSteps: TaskConfig<{ input: object; output: { queued: number } }> = {
  slug: 'sendSequenceSteps',
  label: 'Queue the due steps of email sequences',
  outputSchema: [{ name: 'queued', type: 'number' }],
  handler: async ({ req }) => ({ output: { queued: await advanceSequences(req.payload) } }),
}
