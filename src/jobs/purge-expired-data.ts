import type { TaskConfig } from 'payload'

import { purgeExpiredData as purge } from '@/services/shared/retention'

/** Deletes what is past its retention age (runs nightly). */
export const purgeExpiredData: TaskConfig<{ input: object; output: { purged: number } }> = {
  slug: 'purgeExpiredData',
  label: 'Nightly deletion of data past its retention age',
  outputSchema: [{ name: 'purged', type: 'number' }],
  handler: async ({ req }) => {
    const purged = await purge(req.payload)
    req.payload.logger.info({ msg: 'expired data deleted', ...purged })
    return { output: { purged: Object.values(purged).reduce((sum, n) => sum + n, 0) } }
  },
}
