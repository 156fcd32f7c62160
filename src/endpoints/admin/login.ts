import { type Endpoint, generatePayloadCookie } from 'payload'

import { AppError } from '@/lib/errors'
import { adminLoginSchema } from '@/schemas/admin'
import { adminLogin } from '@/services/admin/login'

import { clientIp, errorResponse, handler, json, parseWith, readJson } from '../http'

/**
 * `POST /api/admin/login`: the spec's login, for API clients (token) and the admin's sign-in form
 * (session cookie); refusals carry `success: false`.
 */
export const loginEndpoints: Endpoint[] = [
  {
    path: '/admin/login',
    method: 'post',
    handler: handler(async (req) => {
      try {
        const credentials = parseWith(adminLoginSchema, await readJson(req))
        const answer = await adminLogin(req.payload, credentials, clientIp(req))
        // The browser's sign-in form uses this call too: the session lives in Payload's HttpOnly
        // cookie, so no script on the page ever needs to hold the token.
        const cookie = generatePayloadCookie({
          collectionAuthConfig: req.payload.collections.users.config.auth,
          cookiePrefix: req.payload.config.cookiePrefix,
          token: answer.token,
        })
        return json(answer, 200, { 'Set-Cookie': cookie })
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        const response = errorResponse(error)
        const body = (await response.json()) as Record<string, unknown>
        return json({ success: false, ...body }, error.status, error.headers)
      }
    }),
  },
]
