import type { Payload } from 'payload'
import type { z } from 'zod'

import { hashIp } from '@/lib/anonymize'
import { ANONYMOUS_SESSION } from '@/lib/constants'
import { describeVisitor } from '@/lib/visitor'
import type { analyticsEventSchema, engagementEventSchema } from '@/schemas/events'
import type { vitalsBeaconSchema } from '@/schemas/vitals'

import { bufferAnalyticsRows } from './buffer'

// High-volume tables: one plain insert (or one multi-row insert), never the document pipeline.
// Of the User-Agent header only browser, OS and device type are kept (decision 0111); bots'
// events never get here (src/endpoints/submission.ts).

/** Pages are counted by path: a query string or fragment can carry anything a visitor typed. */
const pathOf = (page: string | undefined) => page?.split(/[?#]/, 1)[0] || null

export const recordEngagementEvent = async (
  payload: Payload,
  input: z.output<typeof engagementEventSchema>,
  ip: string,
  userAgent: string | null,
) => {
  const now = new Date().toISOString()
  const isPageView = input.eventType === 'page_view'
  await payload.db.drizzle.insert(payload.db.tables.engagement_events).values({
    eventType: input.eventType,
    eventData: input.eventData ?? null,
    page: pathOf(input.page),
    source: input.source ?? null,
    ...describeVisitor(userAgent),
    referrerHost: (isPageView && input.referrerHost) || null,
    utmSource: (isPageView && input.utmSource) || null,
    utmMedium: (isPageView && input.utmMedium) || null,
    utmCampaign: (isPageView && input.utmCampaign) || null,
    ipHash: hashIp(ip),
    sessionId: input.sessionId || ANONYMOUS_SESSION,
    createdAt: now,
    updatedAt: now,
  })
}

/** Buffers the events for storage; how many. */
export const trackAnalyticsEvents = async (
  payload: Payload,
  events: z.output<typeof analyticsEventSchema>[],
  ip: string,
  userAgent: string | null,
) => {
  const now = new Date().toISOString()
  const ipHash = hashIp(ip)
  const visitor = describeVisitor(userAgent)
  bufferAnalyticsRows(
    payload,
    events.map((event) => ({
      action: event.action,
      category: event.category,
      label: event.label ?? null,
      value: event.value ?? null,
      page: pathOf(event.page),
      timestamp: event.timestamp ? new Date(event.timestamp).toISOString() : now,
      ...visitor,
      sessionId: event.sessionId || ANONYMOUS_SESSION,
      ipHash,
      createdAt: now,
      updatedAt: now,
    })),
  )
  return events.length
}

/**
 * Buffers one page view's Web Vitals (decision 0220): its route's pattern, device class, connection
 * type and metrics, and nothing about the visitor (no address, hash or session).
 */
export const recordVitals = (payload: Payload, beacon: z.output<typeof vitalsBeaconSchema>) =>
  bufferAnalyticsRows(
    payload,
    [
      {
        route: beacon.route,
        device: beacon.device,
        connection: beacon.connection ?? null,
        lcp: beacon.lcp ?? null,
        inp: beacon.inp ?? null,
        cls: beacon.cls ?? null,
        fcp: beacon.fcp ?? null,
        ttfb: beacon.ttfb ?? null,
        createdAt: new Date().toISOString(),
      },
    ],
    'web_vitals',
  )
