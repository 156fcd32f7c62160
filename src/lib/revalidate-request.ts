import { createHmac, timingSafeEqual } from 'node:crypto'
import http from 'node:http'

import { env } from './env'

/**
 * Revalidation asked of the running site over HTTP (decision 0122). Next refreshes cached pages
 * only from inside one of its requests; the jobs timer (scheduled publish and unpublish) runs in
 * the server process but outside any request, so it posts what to refresh to this endpoint of the
 * same server. The order is signed with a key derived from PAYLOAD_SECRET and carries its time:
 * nobody without the secret can make one, and a captured one is refused after a minute.
 */
export const REVALIDATE_ENDPOINT = '/internal/revalidate'
export const REVALIDATE_SIGNATURE_HEADER = 'x-revalidate-signature'
export const REVALIDATE_MAX_AGE_MS = 60_000

export type RevalidateOrder = {
  /** Paths of pages (`revalidatePath`). */
  paths: string[]
  /** Cache tags (`revalidateTag`). */
  tags: string[]
  /** The shared layout, i.e. every page. */
  layout: boolean
  /** When the order was made (ms since the epoch). */
  timestamp: number
}

const canonical = (order: RevalidateOrder) =>
  JSON.stringify([order.timestamp, order.paths, order.tags, order.layout])

export const signRevalidation = (order: RevalidateOrder) =>
  createHmac('sha256', env().PAYLOAD_SECRET)
    .update(`revalidate:${canonical(order)}`)
    .digest('base64url')

/** Whether an order is signed with this site's secret and made within the last minute. */
export const isSignedRevalidation = (
  order: RevalidateOrder,
  signature: string | null,
  now = Date.now(),
) => {
  if (!signature || Math.abs(now - order.timestamp) > REVALIDATE_MAX_AGE_MS) return false
  const expected = Buffer.from(signRevalidation(order))
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * Posts an order to this server (on loopback, past any proxy), waiting at most five seconds. Node's
 * own client, not `fetch`: Next wraps `fetch` with the store of the request it is called in, and
 * the jobs timer may carry a long-finished one.
 */
export const postRevalidation = (order: Omit<RevalidateOrder, 'timestamp'>) => {
  const signed = { ...order, timestamp: Date.now() }
  const body = JSON.stringify(signed)
  return new Promise<void>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: env().PORT,
        path: `/api${REVALIDATE_ENDPOINT}`,
        method: 'POST',
        timeout: 5_000,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          [REVALIDATE_SIGNATURE_HEADER]: signRevalidation(signed),
        },
      },
      (response) => {
        response.resume()
        const status = response.statusCode ?? 0
        if (status >= 200 && status < 300) resolve()
        else reject(new Error(`revalidate endpoint answered ${status}`))
      },
    )
    request.on('timeout', () => request.destroy(new Error('revalidate endpoint did not answer')))
    request.on('error', reject)
    request.end(body)
  })
}
