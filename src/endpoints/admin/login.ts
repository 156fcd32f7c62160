import type { Endpoint } from 'payload'

import { AppError } from '@/lib/errors'
import { adminLoginSchema } from '@/schemas/admin'
import { adminLogin } from '@/services/admin/login'

import { clientIp, errorResponse, handler, json, parseWith, readJson } from '../http'

/** `POST /api/admin/login`: the spec's login for API clients; refusals carry `success: false`. */
export const loginEndpoints: Endpoint[] = [
  {
    path: '/admin/login',
    method: 'post',
    handler: handler(async (req) => {
      try {
        const credentials = parseWith(adminLoginSchema, await readJson(req))
        return json(await adminLogin(req.payload, credentials, clientIp(req)))
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        const response = errorResponse(error)
        const body = (await response.json()) as Record<string, unknown>
        return json({ success: false, ...body }, error.status, error.headers)
      }
    }),
  },
]
