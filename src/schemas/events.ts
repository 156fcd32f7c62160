import { z } from 'zod'

import { ANALYTICS_ACTIONS, ANALYTICS_CATEGORIES, ENGAGEMENT_EVENT_TYPES } from '@/lib/constants'

import { CONTROL_CHARACTERS, type FieldErrors, fieldErrors, line, optionalText } from './common'
import { isCleanLine, isCleanText } from './messages'

const sessionId = line().max(100).optional()

const DAY_MS = 86_400_000
/** Event times the server believes: at most a day ahead of its clock, at most a year behind. */
export const EVENT_TIME_WINDOW = { aheadMs: DAY_MS, behindMs: 366 * DAY_MS }

/**
 * A visitor's clock is not trusted: a time that is not an ISO date is refused, one outside
 * EVENT_TIME_WINDOW (a wrong clock, year 0000) is dropped, so the server's receive time is stored.
 */
const eventTimestamp = z.iso
  .datetime({ offset: true, error: 'Timestamp must be an ISO date' })
  .refine((value) => !Number.isNaN(Date.parse(value)), { error: 'Timestamp must be an ISO date' })
  .optional()
  .transform((value) => {
    if (value === undefined) return undefined
    const at = Date.parse(value)
    const now = Date.now()
    const sane = at <= now + EVENT_TIME_WINDOW.aheadMs && at >= now - EVENT_TIME_WINDOW.behindMs
    return sane ? new Date(at).toISOString() : undefined
  })

/** Another site's host name, as the tracker sends it with a page view (never a full address). */
const referrerHost = line()
  .max(253)
  .regex(/^[a-z0-9.-]*$/i, { error: 'Referrer host must be a host name' })
  .transform((host) => host.toLowerCase() || undefined)
  .optional()

export const engagementEventSchema = z.object({
  eventType: z.enum(ENGAGEMENT_EVENT_TYPES, { error: 'Unknown event type' }),
  // The site sends a JSON string; an object is accepted and stored as its JSON text.
  eventData: z
    .union([z.string(), z.record(z.string(), z.unknown())])
    .optional()
    .transform((value) =>
      value === undefined || typeof value === 'string' ? value : JSON.stringify(value),
    )
    .pipe(
      z
        .string()
        .max(4000, { error: 'Event data must be at most 4000 characters' })
        .refine(isCleanText, { error: CONTROL_CHARACTERS })
        .optional(),
    ),
  page: optionalText(500),
  source: optionalText(100),
  // Accepted from older pages, never stored: the server reads the request's own header.
  userAgent: optionalText(500),
  sessionId,
  referrerHost,
  utmSource: optionalText(100),
  utmMedium: optionalText(100),
  utmCampaign: optionalText(100),
})

export const analyticsEventSchema = z.object({
  action: z.enum(ANALYTICS_ACTIONS, { error: 'Unknown action' }),
  category: z.enum(ANALYTICS_CATEGORIES, { error: 'Unknown category' }),
  label: optionalText(200),
  value: z
    .union([z.number(), z.string().trim()])
    .optional()
    .refine((value) => typeof value !== 'string' || isCleanLine(value), {
      error: CONTROL_CHARACTERS,
      abort: true,
    })
    .refine((value) => typeof value !== 'string' || value.length <= 50, {
      error: 'Value must be a number',
    })
    .transform((value) => {
      const number = typeof value === 'string' ? Number(value) : value
      return number === undefined || !Number.isFinite(number) ? undefined : number
    }),
  page: optionalText(500),
  timestamp: eventTimestamp,
  // Accepted from older pages, never stored: the server reads the request's own header.
  userAgent: optionalText(500),
  sessionId,
})

export const analyticsBatchSchema = z
  .array(z.unknown())
  .min(1, { error: 'A batch needs at least one event' })
  .max(50, { error: 'At most 50 events per batch' })

export type AnalyticsBatch = {
  events: z.output<typeof analyticsEventSchema>[]
  /** Why each refused event was refused, keyed `<index>.<field>` as in a 400's `errors`. */
  refused: FieldErrors
}

/**
 * A batch of up to 50 events sent together (e.g. on page unload): each event is validated on its
 * own, so one bad event costs only itself. Throws (a 400) only when the batch itself is malformed.
 */
export const parseAnalyticsBatch = (items: unknown[]): AnalyticsBatch => {
  const events: AnalyticsBatch['events'] = []
  const refused: FieldErrors = {}
  items.forEach((item, index) => {
    const result = analyticsEventSchema.safeParse(item)
    if (result.success) {
      events.push(result.data)
      return
    }
    for (const [field, message] of Object.entries(fieldErrors(result.error)))
      refused[`${index}.${field === 'body' ? 'event' : field}`] ??= message
  })
  return { events, refused }
}

export type EngagementEventInput = z.input<typeof engagementEventSchema>
export type AnalyticsEventInput = z.input<typeof analyticsEventSchema>
export type AnalyticsEvent = z.output<typeof analyticsEventSchema>
