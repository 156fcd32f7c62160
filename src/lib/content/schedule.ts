import type { Payload } from 'payload'

import { runOutsideRequest } from '../revalidate'

/** The queue Payload puts editors' scheduled publish and unpublish jobs on. */
export const SCHEDULE_QUEUE = 'default'

/**
 * Runs the scheduled publish/unpublish jobs that are due (decision 0080). Called on every tick of
 * the jobs timer and by tests; publishing the same version twice is harmless. The pages they
 * change are refreshed once the jobs have run.
 */
export const runScheduledPublishing = (payload: Payload) =>
  // The pages are refreshed at once, through the server's own endpoint (decision 0122).
  runOutsideRequest(payload, () =>
    payload.jobs.run({ queue: SCHEDULE_QUEUE, limit: 20, silent: { info: true } }),
  )
