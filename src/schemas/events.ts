import { z } from 'zod'

import { ANALYTICS_ACTIONS, ANALYTICS_CATEGORIES, ENGAGEMENT_EVENT_TYPES } from '@/lib/constants'

import { optionalText } from './common'

const sessionId = z.string().trim().max(100).optional()

export const engagementEventSchema = z.object({
  eventType: z.enum(ENGAGEMENT_EVENT_TYPES, { error: 'Unknown event type' }),
  // The site sends a JSON string; an object is accepted and stored as its JSON text.
  eventData: z
    .union([z.string(), z.record(z.string(), z.unknown())])
    .optional()
    .transform((value) =>
      value === undefined || typeof value === 'string' ? value : JSON.stringify(value),
    )
    .pipe(z.string().max(4000, { error: 'Event data must be at most 4000 characters' }).optional()),
  page: optionalText(500),
  source: optionalText(100),
  userAgent: optionalText(500),
  sessionId,
})

export const analyticsEventSchema = z.object({
  action: z.enum(ANALYTICS_ACTIONS, { error: 'Unknown action' }),
  category: z.enum(ANALYTICS_CATEGORIES, { error: 'Unknown category' }),
  label: optionalText(200),
  value: z
    .union([z.number(), z.string().trim().max(50)])
    .optional()
    .transform((value) => {
      const number = typeof value === 'string' ? Number(value) : value
      return number === undefined || !Number.isFinite(number) ? undefined : number
    }),
  page: optionalText(500),
  timestamp: z.iso.datetime({ offset: true, error: 'Timestamp must be an ISO date' }).optional(),
  userAgent: optionalText(500),
  sessionId,
})

export const analyticsBatchSchema = z
  .array(analyticsEventSchema)
  .min(1, { error: 'A batch needs at least one event' })
  .max(50, { error: 'At most 50 events per batch' })

/** One event, or a batch of up to 50 sent together (e.g. on page unload). */
export const analyticsTrackSchema = (body: unknown) =>
  Array.isArray(body) ? analyticsBatchSchema : analyticsEventSchema

export type EngagementEventInput = z.input<typeof engagementEventSchema>
export type AnalyticsEventInput = z.input<typeof analyticsEventSchema>
export type AnalyticsEvent = z.output<typeof analyticsEventSchema>
