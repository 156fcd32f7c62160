import type { TaskConfig } from 'payload'

import { rollupDeliverability } from '@/services/metrics/deliverability'

/** Writes the daily deliverability totals (runs nightly). */
export const rollupDeliverabilityMetrics: TaskConfig<{ input: object; output: { days: number } }> =
  {
    slug: 'rollupDeliverabilityMetrics',
    label: 'Nightly rollup of email deliverability',
    outputSchema: [{ name: 'days', type: 'number' }],
    handler: async ({ req }) => ({ output: { days: await rollupDeliverability(req.payload) } }),
  }
