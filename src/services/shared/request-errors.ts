import { payloadClient } from '@/services/content/client'
import { loggableError } from '@/lib/loggable-error'
import { noteRequestError } from '@/services/system/request-errors'

/** What Next.js tells of the request whose rendering failed (instrumentation's onRequestError). */
export type FailedRequest = {
  method: string
  headers?: Record<string, string | string[] | undefined>
}
export type FailedRender = { routePath: string; routeType: string }

/**
 * One log line for a request that failed on the server, with the digest the visitor's error page
 * was given (the only detail it shows): the route's pattern, never its path or query, which may
 * carry a token or an address.
 */
export const logRequestError = async (
  error: unknown,
  request: FailedRequest,
  context: FailedRender,
) => {
  const digest = (error as { digest?: unknown } | null)?.digest
  // The System view lists the failed answer under its route's pattern and its error's class.
  const requestId = request.headers?.['x-request-id']
  noteRequestError(typeof requestId === 'string' ? requestId : null, context.routePath, error)
  const payload = await payloadClient()
  payload.logger.error({
    msg: 'request failed',
    digest: typeof digest === 'string' ? digest : undefined,
    method: request.method,
    route: context.routePath,
    routeType: context.routeType,
    error: loggableError(error),
  })
}
