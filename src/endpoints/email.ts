import type { Endpoint, PayloadRequest } from 'payload'

import { serverUrl } from '@/lib/env'
import { AppError, badRequest } from '@/lib/errors'
import { DATA_ERASED, DATA_REQUEST_SENT } from '@/lib/email/data-request'
import { WAITLIST_CONFIRMED } from '@/lib/email/waitlist'
import { dataRequestSchema, emailPreferencesSchema, emailTokenSchema } from '@/schemas/email'
import { fulfilDataRequest, requestData } from '@/services/data-requests'
import { recordTrackingEvent, trackingOn, validSignature } from '@/services/email/tracking'
import {
  claimWebhookToken,
  processWebhookEvents,
  readWebhook,
  releaseWebhookToken,
} from '@/services/email/webhook'
import { preferencesFor, unsubscribeAll, updatePreferences } from '@/services/email/preferences'
import { ConfirmLinkExpired, confirmWaitlist } from '@/services/confirm-waitlist'
import { confirmNewsletter } from '@/services/subscribe-newsletter'

import {
  DEFAULT_BODY_LIMIT,
  clientIp,
  download,
  handler,
  json,
  parseWith,
  readBody,
  readJson,
} from './http'

const isForm = (req: PayloadRequest) =>
  /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(
    req.headers.get('content-type') ?? '',
  )

/** The raw body as text, at most `limit` bytes (webhook signatures cover the exact bytes). */
const readText = async (req: PayloadRequest, limit = 256 * 1024): Promise<string> =>
  (await readBody(req, limit)).toString('utf8')

/**
 * The fields of an HTML form post (the pages work without JavaScript, and RFC 8058 one-click
 * unsubscribes are form posts) or of a JSON body; the token may also be in the query string.
 */
const readFields = async (req: PayloadRequest): Promise<Record<string, unknown>> => {
  const query = Object.fromEntries(new URL(req.url ?? serverUrl()).searchParams)
  if (isForm(req)) {
    const text = await readText(req, DEFAULT_BODY_LIMIT)
    const type = req.headers.get('content-type') ?? ''
    const form = type.startsWith('multipart/')
      ? await new Response(text, { headers: { 'content-type': type } }).formData()
      : new URLSearchParams(text)
    return { ...query, ...Object.fromEntries(form as unknown as Iterable<[string, string]>) }
  }
  const hasBody = Number(req.headers.get('content-length') ?? '1') > 0 && req.body
  const body = hasBody && req.headers.get('content-type') ? await readJson(req) : {}
  if (body === null || typeof body !== 'object')
    throw badRequest('Request body must be a JSON object')
  return { ...query, ...(body as Record<string, unknown>) }
}

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

const checkbox = (value: unknown) => value === true || value === 'on' || value === 'true'

/** Form posts come back to the page (303, so a reload does not post again); API calls get JSON. */
const answer = (req: PayloadRequest, page: string, data: Record<string, unknown>) =>
  isForm(req) ? Response.redirect(`${serverUrl()}${page}`, 303) : json(data)

const failedForm =
  (req: PayloadRequest, page: string | ((error: AppError) => string)) => async (error: unknown) => {
    if (isForm(req) && error instanceof AppError && error.status < 500)
      return Response.redirect(
        `${serverUrl()}${typeof page === 'string' ? page : page(error)}`,
        303,
      )
    throw error
  }

export const emailEndpoints: Endpoint[] = [
  {
    // The preferences page's "copy of my data" and "erase my data": a confirmation link by email.
    path: '/email/data-request',
    method: 'post',
    handler: handler(async (req) => {
      const { token, kind } = parseWith(dataRequestSchema, await readFields(req))
      const page = `/email/preferences?token=${encodeURIComponent(token)}`
      return requestData(req.payload, token, kind)
        .then(() =>
          answer(req, `${page}&status=data-requested`, {
            success: true,
            message: DATA_REQUEST_SENT,
          }),
        )
        .catch(failedForm(req, `${page}&status=invalid`))
    }),
  },
  {
    // The emailed link's page button (a GET, e.g. a mail scanner, does nothing): the export file,
    // or the erasure.
    path: '/email/data',
    method: 'post',
    handler: handler(async (req) => {
      const { token } = parseWith(emailTokenSchema, await readFields(req))
      return fulfilDataRequest(req.payload, token)
        .then((done) =>
          done.kind === 'export'
            ? download(done.file.body, done.file.filename, 'application/json')
            : answer(req, '/email/data?status=erased', {
                success: true,
                message: DATA_ERASED,
                data: done.erasure,
              }),
        )
        .catch(failedForm(req, '/email/data?status=invalid'))
    }),
  },
  {
    // The confirmation page's button. A GET (a mail scanner following the link) confirms nothing.
    path: '/newsletter/confirm',
    method: 'post',
    handler: handler(async (req) => {
      const { token } = parseWith(emailTokenSchema, await readFields(req))
      return confirmNewsletter(req.payload, token, clientIp(req))
        .then(() =>
          answer(req, '/newsletter/confirm?status=confirmed', {
            success: true,
            message: 'Your subscription is confirmed.',
          }),
        )
        .catch(failedForm(req, '/newsletter/confirm?status=invalid'))
    }),
  },
  {
    // The waitlist confirmation page's button (a GET confirms nothing), then the place in line.
    path: '/waitlist/confirm',
    method: 'post',
    handler: handler(async (req) => {
      const { token } = parseWith(emailTokenSchema, await readFields(req))
      return confirmWaitlist(req.payload, token, clientIp(req))
        .then(({ statusToken }) =>
          answer(req, `/waitlist/status?token=${encodeURIComponent(statusToken)}&confirmed=1`, {
            success: true,
            message: WAITLIST_CONFIRMED,
          }),
        )
        .catch(
          failedForm(req, (error) =>
            error instanceof ConfirmLinkExpired
              ? `/waitlist/confirm?status=expired&product=${error.product}`
              : '/waitlist/confirm?status=invalid',
          ),
        )
    }),
  },
  {
    // The List-Unsubscribe URL opened in a browser: the confirm page with the preferences center.
    path: '/email/unsubscribe',
    method: 'get',
    handler: handler(async (req) => {
      const token = new URL(req.url ?? serverUrl()).searchParams.get('token') ?? ''
      return Response.redirect(
        `${serverUrl()}/email/preferences?token=${encodeURIComponent(token)}`,
        302,
      )
    }),
  },
  {
    // RFC 8058 one-click (List-Unsubscribe=One-Click), the page's button or an API call.
    path: '/email/unsubscribe',
    method: 'post',
    handler: handler(async (req) => {
      const { token } = parseWith(emailTokenSchema, await readFields(req))
      const page = `/email/preferences?token=${encodeURIComponent(token)}`
      return unsubscribeAll(req.payload, token, 'unsubscribe-link')
        .then((data) =>
          answer(req, `${page}&status=unsubscribed`, {
            success: true,
            message: 'You are unsubscribed.',
            data,
          }),
        )
        .catch(failedForm(req, `${page}&status=invalid`))
    }),
  },
  {
    path: '/email/preferences',
    method: 'get',
    handler: handler(async (req) => {
      const { token } = parseWith(emailTokenSchema, {
        token: new URL(req.url ?? serverUrl()).searchParams.get('token') ?? undefined,
      })
      return json({ data: await preferencesFor(req.payload, token) })
    }),
  },
  {
    path: '/email/preferences',
    method: 'post',
    handler: handler(async (req) => {
      const fields = await readFields(req)
      const input = parseWith(
        emailPreferencesSchema,
        isForm(req)
          ? {
              ...fields,
              newsletterEnabled: checkbox(fields.newsletterEnabled),
              promotionsEnabled: checkbox(fields.promotionsEnabled),
              updatesEnabled: checkbox(fields.updatesEnabled),
              weeklyDigestEnabled: checkbox(fields.weeklyDigestEnabled),
            }
          : fields,
      )
      const page = `/email/preferences?token=${encodeURIComponent(input.token)}`
      return updatePreferences(req.payload, input)
        .then((data) =>
          answer(req, `${page}&status=saved`, {
            success: true,
            message: 'Your email preferences are saved.',
            data,
          }),
        )
        .catch(failedForm(req, `${page}&status=invalid`))
    }),
  },
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
