import type { Payload } from 'payload'

/** The queue Payload puts editors' scheduled publish and unpublish jobs on. */
export const SCHEDULE_QUEUE = 'default'

/**
 * Runs the scheduled publish/unpublish jobs that are due (decision 0080). Called on every tick of
 * the jobs timer and by tests; publishing the same version twice is harmless.
 */
export const runScheduledPublishing = (payload: Payload) =>
  payload.jobs.run({ queue: SCHEDULE_QUEUE, limit: 20, silent: { info: true } })
