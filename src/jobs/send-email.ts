import type { TaskConfig } from 'payload'

import { env } from '@/lib/env'
import { MAX_ATTEMPTS, deliverEmail } from '@/services/email/deliver'

/** Delivers one queued email log through the transport, retried with exponential backoff. */
export const sendEmail: TaskConfig<{ input: { logId: number }; output: { outcome: string } }> = {
  slug: 'sendEmail',
  label: 'Send one email',
  inputSchema: [{ name: 'logId', type: 'number', required: true }],
  outputSchema: [{ name: 'outcome', type: 'text' }],
  retries: {
    attempts: MAX_ATTEMPTS,
    backoff: { type: 'exponential', delay: env().EMAIL_RETRY_BASE_MS },
  },
  handler: async ({ input, req }) => ({
    output: { outcome: await deliverEmail(req.payload, input.logId) },
  }),
}
