import type { TaskConfig } from 'payload'

import { rollUpEngagementEvents } from '@/services/metrics/rollup'

/** Rolls up the engagement events inserted since the last run (runs every minute). */
export const rollupEngagementEvents: TaskConfig<{ input: object; output: { rows: number } }> = {
  slug: 'rollupEngagementEvents',
  label: 'Rollup of engagement events, every minute',
  outputSchema: [{ name: 'rows', type: 'number' }],
  handler: async ({ req }) => ({ output: { rows: await rollUpEngagementEvents(req.payload) } }),
}
