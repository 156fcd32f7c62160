import type { Payload } from 'payload'

import { flushRevalidations } from '../revalidate'

/** The queue Payload puts editors' scheduled publish and unpublish jobs on. */
export const SCHEDULE_QUEUE = 'default'

/**
 * Runs the scheduled publish/unpublish jobs that are due (decision 0080). Called on every tick of
 * the jobs timer and by tests; publishing the same version twice is harmless. The pages they
 * change are refreshed once the jobs have run.
 */
export const runScheduledPublishing = async (payload: Payload) => {
  const result = await payload.jobs.run({
    queue: SCHEDULE_QUEUE,
    limit: 20,
    silent: { info: true },
  })
  // The published pages are refreshed at once, through the server's own endpoint (decision 0122).
  await flushRevalidations(payload)
  return result
}
