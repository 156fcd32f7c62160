import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'

/**
 * One id per request (decision 0207): the front's (nginx `$request_id`, 32 hex digits) or, without
 * the front, one of the instance's own. An incoming id is kept only in one of those two shapes, so
 * a client cannot write anything else into the log lines.
 */
const WELL_FORMED =
  /^(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i

export const REQUEST_ID_HEADER = 'X-Request-Id'

export const requestIdOf = (request: Request): string => {
  const incoming = request.headers.get(REQUEST_ID_HEADER)
  return incoming && WELL_FORMED.test(incoming) ? incoming.toLowerCase() : randomUUID()
}

/**
 * The production build may hold this module more than once (the route's bundle and the one the
 * Payload config and its logger are in): the store is the process's, so every copy reads the
 * same one.
 */
const STORE = Symbol.for('starfinity.requestId')
const current: AsyncLocalStorage<string> = ((globalThis as { [STORE]?: AsyncLocalStorage<string> })[
  STORE
] ??= new AsyncLocalStorage<string>())

/** pino's `mixin`: every line written while a request is answered carries its id. */
export const requestIdMixin = (): { requestId?: string } => {
  const requestId = current.getStore()
  return requestId ? { requestId } : {}
}

type RouteHandler<C> = (request: Request, context: C) => Promise<Response>

/** A route answered under its request's id, which every answer carries back as X-Request-Id. */
export const withRequestId =
  <C>(handle: RouteHandler<C>): RouteHandler<C> =>
  async (request, context) => {
    const requestId = requestIdOf(request)
    const response = await current.run(requestId, () => handle(request, context))
    const headers = new Headers(response.headers)
    headers.set(REQUEST_ID_HEADER, requestId)
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    })
  }
