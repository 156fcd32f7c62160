import type { TaskConfig } from 'payload'

import { EMAIL_QUEUE } from '@/lib/constants'
import { rollUpEngagementEvents } from '@/services/metrics/rollup'
import { rollUpWebVitals } from '@/services/metrics/speed'

/**
 * How long one run rolls up before it leaves the rest to a run of its own in the next tick
 * (decision 0281): a catch-up of millions of rows (an import, an upgrade) takes turns with the
 * email the queue sends meanwhile, instead of holding it for minutes.
 */
const ROLLUP_SLICE_MS = 2_000

/**
 * Rolls up the engagement events and the Web Vitals beacons inserted since the last run (runs
 * every minute), for at most a slice (`sliceMs` in the input, ROLLUP_SLICE_MS by default); not
 * caught up by then, it queues the next run, due at once.
 */
export const rollupEngagementEvents: TaskConfig<{
  input: { sliceMs?: number }
  output: { rows: number; vitals: number }
}> = {
  slug: 'rollupEngagementEvents',
  label: 'Rollup of engagement events and Web Vitals, every minute',
  outputSchema: [
    { name: 'rows', type: 'number' },
    { name: 'vitals', type: 'number' },
  ],
  handler: async ({ input, req }) => {
    const until = Date.now() + (input?.sliceMs ?? ROLLUP_SLICE_MS)
    const rows = await rollUpEngagementEvents(req.payload, { until })
    const vitals = await rollUpWebVitals(req.payload, { until })
    if (Date.now() >= until)
      await req.payload.jobs.queue({
        task: 'rollupEngagementEvents',
        input: {},
        queue: EMAIL_QUEUE,
        req,
      })
    return { output: { rows, vitals } }
  },
}
