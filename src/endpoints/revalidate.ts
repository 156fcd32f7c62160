import type { Endpoint } from 'payload'

import { AppError } from '@/lib/errors'
import { revalidateNow } from '@/lib/revalidate'
import {
  isSignedRevalidation,
  REVALIDATE_ENDPOINT,
  REVALIDATE_SIGNATURE_HEADER,
} from '@/lib/revalidate-request'
import { revalidateOrderSchema } from '@/schemas/revalidate'

import { handler, json, parseWith, readJson } from './http'

const unsigned = () => new AppError(401, 'This request must be signed by the site')

/**
 * `POST /api/internal/revalidate`: refreshes cached pages for the site's own jobs timer, which runs
 * outside any request (decision 0122). Only orders signed with the site's secret and made within
 * the last minute are carried out; anything else is a 401 that changes nothing.
 */
export const revalidateEndpoint: Endpoint = {
  path: REVALIDATE_ENDPOINT,
  method: 'post',
  handler: handler(async (req) => {
    const signature = req.headers.get(REVALIDATE_SIGNATURE_HEADER)
    if (!signature) throw unsigned()
    const order = parseWith(revalidateOrderSchema, await readJson(req))
    if (!isSignedRevalidation(order, signature)) throw unsigned()
    let revalidated = true
    try {
      revalidateNow(order)
    } catch (error) {
      // Only outside Next's own route (e.g. a handler called directly): nothing cached to refresh.
      revalidated = false
      req.payload.logger.warn({ msg: 'revalidation skipped', error: (error as Error).message })
    }
    return json({ paths: order.paths, tags: order.tags, layout: order.layout, revalidated })
  }),
}
