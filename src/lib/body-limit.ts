import { APIError, type Endpoint } from 'payload'

/** The most a request to Payload's REST routes may send: JSON documents, and uploads (multipart). */
export const PAYLOAD_BODY_LIMIT = 2 * 1024 * 1024
export const UPLOAD_BODY_LIMIT = 20 * 1024 * 1024
/**
 * A newsletter import's CSV: 1,000,000 rows of address, name and interests fit with room to spare.
 * Its route reads the body as it streams (never whole) and holds it to this limit itself.
 */
export const IMPORT_BODY_LIMIT = 160 * 1024 * 1024

/**
 * The limits endpoints declare for themselves (`custom: { bodyLimit }`): a route that reads its body
 * as a stream under a larger limit of its own (decision 0255), by its address under `/api`. Only a
 * fixed address can declare one: the wrapper runs before Payload matches a route to its pattern.
 */
export const declaredBodyLimits = (endpoints: Endpoint[]): Map<string, number> => {
  const limits = new Map<string, number>()
  for (const endpoint of endpoints) {
    const limit: unknown = endpoint.custom?.bodyLimit
    if (limit === undefined) continue
    if (typeof limit !== 'number' || endpoint.path.includes(':'))
      throw new Error(`Endpoint ${endpoint.path}: a body limit needs a number and a fixed path`)
    limits.set(`/api${endpoint.path}`, limit)
  }
  return limits
}

type RouteHandler<C> = (request: Request, context: C) => Promise<Response>

const tooLarge = (limit: number) =>
  Response.json(
    { errors: [{ message: `Request body is too large (limit ${limit / 1024 / 1024} MB)` }] },
    { status: 413, headers: { 'Cache-Control': 'no-store', Connection: 'close' } },
  )

/**
 * Payload's REST routes read a body whole before any access rule runs (a 50 MB post to a
 * collection that refuses the client was read first). Wrapped by this, a body past the limit is
 * refused with 413: from its Content-Length without reading it, or, streamed (no length declared),
 * as soon as the bytes read pass the limit (the rest is never read).
 */
export const withBodyLimit =
  <C>(handle: RouteHandler<C>, ownLimits: Map<string, number>): RouteHandler<C> =>
  async (request, context) => {
    if (!request.body) return handle(request, context)
    const multipart = /^multipart\//i.test(request.headers.get('content-type') ?? '')
    const limit =
      ownLimits.get(new URL(request.url).pathname) ??
      (multipart ? UPLOAD_BODY_LIMIT : PAYLOAD_BODY_LIMIT)
    const declared = request.headers.get('content-length')
    if (Number(declared) > limit) {
      await request.body.cancel().catch(() => undefined)
      return tooLarge(limit)
    }
    // A declared length within the limit holds the body to it: Node's HTTP server reads exactly
    // that many bytes as the body (and refuses a request that also says it is chunked), so the
    // request goes on as it is, without a stream counting its bytes.
    if (declared !== null && /^\d+$/.test(declared) && !request.headers.has('transfer-encoding'))
      return handle(request, context)
    let size = 0
    let exceeded = false
    const limited = request.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          size += chunk.byteLength
          if (size <= limit) return controller.enqueue(chunk)
          exceeded = true
          controller.error(new APIError('Request body is too large', 413, undefined, true))
        },
      }),
    )
    // A new request from the parts, not from the request itself: Next hands the route a request
    // of its own class, which Node 24's Request cannot be constructed from.
    const response = await handle(
      new Request(request.url, {
        method: request.method,
        headers: request.headers,
        body: limited,
        signal: request.signal,
        duplex: 'half',
      } as RequestInit),
      context,
    )
    // Whatever Payload made of the cut-off body, the answer is the limit's.
    return exceeded ? tooLarge(limit) : response
  }
