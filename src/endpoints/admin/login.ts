import { type Endpoint, generatePayloadCookie, type PayloadRequest } from 'payload'

import { AppError } from '@/lib/errors'
import { notFound } from '@/plugins/closed-doors'
import { adminLoginSchema } from '@/schemas/admin'
import { adminLogin, signIn } from '@/services/admin/login'
import { SecondFactorNeeded } from '@/services/auth/second-factor'

import { clientIp, errorResponse, handler, json, parseWith, readJson } from '../http'

const sessionCookie = (req: PayloadRequest, token: string) =>
  generatePayloadCookie({
    collectionAuthConfig: req.payload.collections.users.config.auth,
    cookiePrefix: req.payload.config.cookiePrefix,
    token,
  })

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
        return json(answer, 200, { 'Set-Cookie': sessionCookie(req, answer.token) })
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        const response = errorResponse(error)
        const body = (await response.json()) as Record<string, unknown>
        return json({ success: false, ...body, ...secondStep(error) }, error.status, error.headers)
      }
    }),
  },
]

/** What the sign-in form needs for its second step, when the password was right (decision 0210). */
const secondStep = (error: AppError) =>
  error instanceof SecondFactorNeeded ? { secondFactor: error.challenge } : {}

const closed = (path: string): Endpoint => ({ path, method: 'post', handler: notFound })

/**
 * Payload's auth routes on the users collection (they come before Payload's own). Sign-in is the
 * same throttled sign-in as `/api/admin/login`, answered in Payload's shape; users have no email,
 * so forgot-password, reset-password and email verification are closed, and so is unlock (no
 * account locks: see services/admin/login.ts). Answered without touching the database.
 */
export const userAuthEndpoints: Endpoint[] = [
  {
    path: '/login',
    method: 'post',
    handler: handler(async (req) => {
      try {
        const credentials = parseWith(adminLoginSchema, await readJson(req))
        const { exp, token, user } = await signIn(req.payload, credentials, clientIp(req))
        return json({ message: 'Authentication Passed', exp, token, user }, 200, {
          'Set-Cookie': sessionCookie(req, token),
        })
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        return json(
          { errors: [{ message: error.message }], ...secondStep(error) },
          error.status,
          error.headers,
        )
      }
    }),
  },
  closed('/forgot-password'),
  closed('/reset-password'),
  closed('/unlock'),
  closed('/verify/:token'),
]
