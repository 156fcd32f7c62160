import type { Payload } from 'payload'
import type { z } from 'zod'

import { hashIp } from '@/lib/anonymize'
import { ANONYMOUS_SESSION } from '@/lib/constants'
import type { analyticsEventSchema, engagementEventSchema } from '@/schemas/events'

import { bufferAnalyticsRows } from './analytics-buffer'

// High-volume tables: one plain insert (or one multi-row insert), never the document pipeline.

export const recordEngagementEvent = async (
  payload: Payload,
  input: z.output<typeof engagementEventSchema>,
  ip: string,
) => {
  const now = new Date().toISOString()
  await payload.db.drizzle.insert(payload.db.tables.engagement_events).values({
    eventType: input.eventType,
    eventData: input.eventData ?? null,
    page: input.page ?? null,
    source: input.source ?? null,
    userAgent: input.userAgent ?? null,
    ipHash: hashIp(ip),
    sessionId: input.sessionId || ANONYMOUS_SESSION,
    createdAt: now,
    updatedAt: now,
  })
}

export const trackAnalyticsEvents = async (
  payload: Payload,
  events: z.output<typeof analyticsEventSchema>[],
  ip: string,
  userAgent: string | null,
) => {
  const now = new Date().toISOString()
  const ipHash = hashIp(ip)
  bufferAnalyticsRows(
    payload,
    events.map((event) => ({
      action: event.action,
      category: event.category,
      label: event.label ?? null,
      value: event.value ?? null,
      page: event.page ?? null,
      timestamp: event.timestamp ? new Date(event.timestamp).toISOString() : now,
      userAgent: event.userAgent ?? userAgent?.slice(0, 500) ?? null,
      sessionId: event.sessionId || ANONYMOUS_SESSION,
      ipHash,
      createdAt: now,
      updatedAt: now,
    })),
  )
  return events.length
}
