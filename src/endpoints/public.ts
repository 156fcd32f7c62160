import type { Endpoint, PayloadRequest } from 'payload'
import type { z } from 'zod'

import { contactMessageSchema } from '@/schemas/contact'
import { type AnalyticsEvent, analyticsTrackSchema, engagementEventSchema } from '@/schemas/events'
import { newsletterSignupSchema } from '@/schemas/newsletter'
import { parentEngagementSchema } from '@/schemas/parent-engagement'
import { waitlistSignupSchema } from '@/schemas/waitlist'
import { joinWaitlist } from '@/services/join-waitlist'
import { consumeRateLimit, type RateLimitedRoute } from '@/services/rate-limit'
import { recordEngagementEvent, trackAnalyticsEvents } from '@/services/record-events'
import { submitContactMessage } from '@/services/submit-contact-message'
import { submitParentEngagement } from '@/services/submit-parent-engagement'
import { subscribeNewsletter } from '@/services/subscribe-newsletter'

import { clientIp, handler, json, parseWith, readJson } from './http'

/**
 * A visitor submission: rate limit, read and validate the body with the shared schema,
 * then hand it to its service. Each answers 201 with what the service returns.
 */
const submission = <S extends z.ZodType>(
  path: string,
  route: RateLimitedRoute,
  schema: S | ((body: unknown) => S),
  run: (req: PayloadRequest, input: z.output<S>, ip: string) => Promise<Record<string, unknown>>,
  bodyLimit?: number,
): Endpoint => ({
  path,
  method: 'post',
  handler: handler(async (req) => {
    const ip = clientIp(req)
    await consumeRateLimit(req.payload, route, ip)
    const body = await readJson(req, bodyLimit)
    const input = parseWith(typeof schema === 'function' ? schema(body) : schema, body)
    return json({ success: true, ...(await run(req, input, ip)) }, 201)
  }),
})

export const publicEndpoints: Endpoint[] = [
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
    async (req, input, ip) => ({
      message: 'Welcome to the journey! Your Five-Minute Nature Moments guide is on its way.',
      data: await submitParentEngagement(req.payload, input, ip),
    }),
  ),
  submission(
    '/engagement/event',
    'engagement-event',
    engagementEventSchema,
    async (req, input, ip) => {
      await recordEngagementEvent(req.payload, input, ip)
      return {}
    },
  ),
  submission(
    '/analytics/track',
    'analytics-track',
    analyticsTrackSchema as (body: unknown) => z.ZodType<AnalyticsEvent | AnalyticsEvent[]>,
    async (req, input, ip) => ({
      count: await trackAnalyticsEvents(
        req.payload,
        ([] as AnalyticsEvent[]).concat(input),
        ip,
        req.headers.get('user-agent'),
      ),
    }),
    64 * 1024,
  ),
]
