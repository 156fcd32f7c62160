import type { Endpoint, PayloadRequest } from 'payload'
import type { z } from 'zod'

import { isBot } from '@/lib/visitor'
import { consumeRateLimit, type RateLimitedRoute } from '@/services/shared/rate-limit'

import { clientIp, handler, json, parseWith, readJson } from './http'

/**
 * A visitor submission: rate limit, read and validate the body with the shared schema,
 * then hand it to its service. Each answers 201 with what the service returns. Tracking
 * (`visitorsOnly`) counts people, not bots: a valid event from a bot answers 204 and is not stored.
 */
export const submission = <S extends z.ZodType>(
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
