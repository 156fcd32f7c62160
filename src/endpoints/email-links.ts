import type { Endpoint } from 'payload'

import { serverUrl } from '@/lib/env'
import { DATA_ERASED, DATA_REQUEST_SENT } from '@/lib/email/data-request'
import { dataRequestSchema, emailPreferencesSchema, emailTokenSchema } from '@/schemas/email'
import { fulfilDataRequest, requestData } from '@/services/email-links/data-requests'
import {
  preferencesFor,
  unsubscribeAll,
  updatePreferences,
} from '@/services/email-links/preferences'

import { answer, checkbox, failedForm, isForm, readFields } from './forms'
import { download, handler, json, parseWith } from './http'

/**
 * What the links in every email open: unsubscribe (one click, RFC 8058), the preferences center,
 * and a person's request for a copy or the erasure of their data. The confirmation links of the
 * signups are their features' own (waitlist.ts, newsletter.ts).
 */
export const emailLinksEndpoints: Endpoint[] = [
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
]
