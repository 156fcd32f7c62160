import type { TaskConfig } from 'payload'

import { rollUpEngagementEvents } from '@/services/metrics/rollup'
import { rollUpWebVitals } from '@/services/metrics/speed'

/**
 * Rolls up the engagement events and the Web Vitals beacons inserted since the last run (runs
 * every minute).
 */
export const rollupEngagementEvents: TaskConfig<{
  input: object
  output: { rows: number; vitals: number }
}> = {
  slug: 'rollupEngagementEvents',
  label: 'Rollup of engagement events and Web Vitals, every minute',
  outputSchema: [
    { name: 'rows', type: 'number' },
    { name: 'vitals', type: 'number' },
  ],
  handler: async ({ req }) => ({
    output: {
      rows: await rollUpEngagementEvents(req.payload),
      vitals: await rollUpWebVitals(req.payload),
    },
  }),
}
