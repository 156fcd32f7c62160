import type { Endpoint } from 'payload'

import { serverUrl } from '@/lib/env'
import { badRequest } from '@/lib/errors'
import { recordTrackingEvent, trackingOn, validSignature } from '@/services/email/tracking'
import {
  claimWebhookToken,
  processWebhookEvents,
  readWebhook,
  releaseWebhookToken,
} from '@/services/email/webhook'

import { clientIp, handler, json, readText } from './http'

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

/** What happens to an email after it left: its opens and clicks, and the provider's bounces. */
export const emailEventsEndpoints: Endpoint[] = [
  {
    // Open tracking (EMAIL_TRACKING=on): a signed 1×1 image.
    path: '/email/open',
    method: 'get',
    handler: handler(async (req) => {
      const params = new URL(req.url ?? serverUrl()).searchParams
      const id = Number(params.get('id'))
      if (
        trackingOn() &&
        Number.isInteger(id) &&
        validSignature(String(id), params.get('sig') ?? '')
      )
        await recordTrackingEvent(req.payload, id, 'open', {
          userAgent: req.headers.get('user-agent'),
          ip: clientIp(req),
        })
      return new Response(PIXEL, {
        headers: { 'Content-Type': 'image/gif', 'Cache-Control': 'no-store' },
      })
    }),
  },
  {
    // Click tracking: a signed redirect to the original link (never an open redirect).
    path: '/email/click',
    method: 'get',
    handler: handler(async (req) => {
      const params = new URL(req.url ?? serverUrl()).searchParams
      const id = Number(params.get('id'))
      const url = params.get('url') ?? ''
      if (!/^https?:\/\//i.test(url) || !validSignature(`${id} ${url}`, params.get('sig') ?? ''))
        throw badRequest('This link is not valid.')
      if (trackingOn())
        await recordTrackingEvent(req.payload, id, 'click', {
          url,
          userAgent: req.headers.get('user-agent'),
          ip: clientIp(req),
        })
      return Response.redirect(url, 302)
    }),
  },
  {
    // Bounce and complaint events from the mail provider, HMAC-signed.
    path: '/webhooks/email',
    method: 'post',
    handler: handler(async (req) => {
      const { events, replayToken } = readWebhook(req.headers, await readText(req))
      if (replayToken) await claimWebhookToken(req.payload, replayToken)
      const recorded = await processWebhookEvents(req.payload, events).catch(async (error) => {
        if (replayToken) await releaseWebhookToken(req.payload, replayToken).catch(() => undefined)
        throw error
      })
      return json({ success: true, received: events.length, recorded })
    }),
  },
]
