import type { Endpoint, PayloadRequest } from 'payload'
import type { z } from 'zod'

import { contactMessageSchema } from '@/schemas/contact'
import { badRequest } from '@/lib/errors'
import {
  type AnalyticsBatch,
  analyticsBatchSchema,
  analyticsEventSchema,
  engagementEventSchema,
  parseAnalyticsBatch,
} from '@/schemas/events'
import { newsletterSignupSchema } from '@/schemas/newsletter'
import { parentEngagementSchema } from '@/schemas/parent-engagement'
import { waitlistSignupSchema } from '@/schemas/waitlist'
import { isBot } from '@/lib/visitor'
import { joinWaitlist } from '@/services/join-waitlist'
import { consumeRateLimit, type RateLimitedRoute } from '@/services/rate-limit'
import { recordEngagementEvent, trackAnalyticsEvents } from '@/services/record-events'
import { submitContactMessage } from '@/services/submit-contact-message'
import { submitParentEngagement } from '@/services/submit-parent-engagement'
import { subscribeNewsletter } from '@/services/subscribe-newsletter'

import { clientIp, handler, json, parseWith, readJson } from './http'

/**
 * A visitor submission: rate limit, read and validate the body with the shared schema,
 * then hand it to its service. Each answers 201 with what the service returns. Tracking
 * (`visitorsOnly`) counts people, not bots: a valid event from a bot answers 204 and is not stored.
 */
const submission = <S extends z.ZodType>(
  path: string,
  route: RateLimitedRoute,
  schema: S | ((body: unknown) => S),
  run: (req: PayloadRequest, input: z.output<S>, ip: string) => Promise<Record<string, unknown>>,
  options: { bodyLimit?: number; visitorsOnly?: boolean } = {},
): Endpoint => ({
  path,
  method: 'post',
  handler: handler(async (req) => {
    const ip = clientIp(req)
    await consumeRateLimit(req.payload, route, ip)
    const body = await readJson(req, options.bodyLimit)
    const input = parseWith(typeof schema === 'function' ? schema(body) : schema, body)
    if (options.visitorsOnly && isBot(req.headers.get('user-agent')))
      return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
    return json({ success: true, ...(await run(req, input, ip)) }, 201)
  }),
})

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

export const publicEndpoints: Endpoint[] = [
  // The signups answer a new address and a known one alike; the email tells the person which
  // (decision 0163).
  submission('/newsletter', 'newsletter', newsletterSignupSchema, async (req, input, ip) => ({
    message: 'Successfully subscribed!',
    data: await subscribeNewsletter(req.payload, input, ip),
  })),
  submission('/waitlist', 'waitlist', waitlistSignupSchema, async (req, input, ip) => ({
    message: 'Successfully joined waitlist!',
    data: await joinWaitlist(req.payload, input, ip),
  })),
  submission('/contact', 'contact', contactMessageSchema, async (req, input) => ({
    message: 'Message sent successfully',
    data: await submitContactMessage(req.payload, input),
  })),
  submission(
    '/parent-engagement',
    'parent-engagement',
    parentEngagementSchema,
    async (req, input, ip) => {
      await submitParentEngagement(req.payload, input, ip)
      return {
        message: 'Welcome to the journey! Your Five-Minute Nature Moments guide is on its way.',
      }
    },
  ),
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
]
