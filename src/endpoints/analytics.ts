import type { Endpoint } from 'payload'

import { badRequest } from '@/lib/errors'
import {
  type AnalyticsBatch,
  analyticsBatchSchema,
  analyticsEventSchema,
  engagementEventSchema,
  parseAnalyticsBatch,
} from '@/schemas/events'
import { vitalsBeaconSchema } from '@/schemas/vitals'
import {
  recordEngagementEvent,
  recordVitals,
  trackAnalyticsEvents,
} from '@/services/analytics/record'

import { submission } from './submission'

/**
 * One event (400 naming the field when it is bad), or a batch whose events are validated one by one:
 * the good ones are stored and the answer lists the refused ones; a batch with none good is a 400.
 */
function analyticsTrack(body: unknown) {
  if (!Array.isArray(body))
    return analyticsEventSchema.transform((event): AnalyticsBatch => ({
      events: [event],
      refused: {},
    }))
  return analyticsBatchSchema.transform((items) => {
    const batch = parseAnalyticsBatch(items)
    if (batch.events.length > 0) return batch
    throw badRequest(Object.values(batch.refused)[0] ?? 'Invalid request', batch.refused)
  })
}

/** The site's own analytics: engagement events and page tracking, from visitors, not bots. */
export const analyticsEndpoints: Endpoint[] = [
  submission(
    '/engagement/event',
    'engagement-event',
    engagementEventSchema,
    async (req, input, ip) => {
      await recordEngagementEvent(req.payload, input, ip, req.headers.get('user-agent'))
      return {}
    },
    { visitorsOnly: true },
  ),
  submission(
    '/analytics/track',
    'analytics-track',
    analyticsTrack,
    async (req, input, ip) => ({
      count: await trackAnalyticsEvents(
        req.payload,
        input.events,
        ip,
        req.headers.get('user-agent'),
      ),
      ...(Object.keys(input.refused).length ? { refused: input.refused } : {}),
    }),
    { bodyLimit: 64 * 1024, visitorsOnly: true },
  ),
  // One page view's Web Vitals, sent when the page is hidden (decision 0220).
  submission(
    '/analytics/vitals',
    'web-vitals',
    vitalsBeaconSchema,
    async (req, input) => {
      recordVitals(req.payload, input)
      return {}
    },
    { bodyLimit: 2 * 1024, visitorsOnly: true },
  ),
]
