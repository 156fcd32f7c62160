import type { JobsConfig, PayloadRequest } from 'payload'

import { isFullAdminUser } from '@/access'

import { runScheduledPublishing } from '@/lib/content/schedule'
import { EMAIL_QUEUE } from '@/lib/constants'
import { env } from '@/lib/env'
import { loggableError } from '@/lib/loggable-error'

import { importNewsletterSubscribers } from './import-newsletter-subscribers'
import { purgeExpiredData } from './purge-expired-data'
import { timerTick } from './queue'
import { rollupDeliverabilityMetrics } from './rollup-deliverability'
import { rollupEngagementEvents } from './rollup-engagement'
import { sendCampaign } from './send-campaign'
import { sendEmail } from './send-email'
import { sendSequenceSteps } from './send-sequence-steps'

/**
 * Payload's jobs queue on PostgreSQL. Every app instance ticks the email queue on
 * EMAIL_QUEUE_CRON through Payload's autoRun (its shouldAutoRun hook runs runEmailQueue and tells
 * Payload's own pick-up to stand down); "off" leaves the queue to other instances. No Payload
 * schedules (they add a global and document locks): periodic tasks are kept queued by
 * schedulePeriodicJobs instead.
 */
const fullAdminOnly = ({ req }: { req: PayloadRequest }) => isFullAdminUser(req.user)

export const jobs = (): JobsConfig => ({
  tasks: [
    sendEmail,
    sendCampaign,
    sendSequenceSteps,
    rollupDeliverabilityMetrics,
    rollupEngagementEvents,
    purgeExpiredData,
    importNewsletterSubscribers,
  ],
  deleteJobOnComplete: true,
  // Running, queueing and cancelling jobs over the API: full admins only (Payload's default is
  // any signed-in user).
  access: { run: fullAdminOnly, queue: fullAdminOnly, cancel: fullAdminOnly },
  // Jobs are worked by the queue, never edited by people: no document locks on them.
  jobsCollectionOverrides: ({ defaultJobsCollection }) => ({
    ...defaultJobsCollection,
    lockDocuments: false,
  }),
  shouldAutoRun: async (payload) => {
    try {
      await timerTick(payload)
    } catch (error) {
      payload.logger.error({ msg: 'email queue tick failed', error: loggableError(error) })
    }
    try {
      // Editors' scheduled publish and unpublish (Payload queues them on the default queue).
      await runScheduledPublishing(payload)
    } catch (error) {
      payload.logger.error({ msg: 'scheduled publishing failed', err: error })
    }
    return false
  },
  autoRun:
    env().EMAIL_QUEUE_CRON === 'off'
      ? undefined
      : [{ cron: env().EMAIL_QUEUE_CRON, queue: EMAIL_QUEUE, disableScheduling: true }],
})
