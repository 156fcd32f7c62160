import http from 'node:http'

import { metrics } from './registry.mjs'
import { methodLabel, routeGroupOf } from './route-group'

/** What a failed answer (5xx) leaves for the System view's list of errors. */
export type FailedAnswer = {
  requestId: string | null
  group: string
  method: string
  status: number
}

type Recorder = (failed: FailedAnswer) => void

const PATCHED = Symbol.for('starfinity.httpMetrics')
const UNCOUNTED = Symbol.for('starfinity.httpMetricsUncounted')

/**
 * Follows every request the Next server answers to the end of its answer (the `finish` of the
 * response, or `close` for one cut short), with one patch of http.Server's event emitter: the
 * server Next creates needs no change. Installed once per process. With `count`, each is counted
 * and timed in the metrics; `onFailure` hears of each answer with status 500 or more.
 */
export const instrumentHttpServers = (onFailure?: Recorder, count = true) => {
  const proto = http.Server.prototype as http.Server & { [PATCHED]?: true }
  if (proto[PATCHED]) return
  proto[PATCHED] = true
  const emit = proto.emit
  proto.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    if (event === 'request' && !(this as { [UNCOUNTED]?: boolean })[UNCOUNTED]) {
      observe(args[0] as http.IncomingMessage, args[1] as http.ServerResponse, count, onFailure)
    }
    return (emit as (...all: unknown[]) => boolean).call(this, event, ...args)
  } as typeof proto.emit
}

/** A server whose requests are not counted (the metrics listener itself). */
export const uncounted = (server: http.Server) => {
  ;(server as { [UNCOUNTED]?: boolean })[UNCOUNTED] = true
  return server
}

const observe = (
  request: http.IncomingMessage,
  response: http.ServerResponse,
  count: boolean,
  onFailure?: Recorder,
) => {
  const started = count ? process.hrtime.bigint() : 0n
  let done = false
  const end = () => {
    if (done) return
    done = true
    if (!count && (response.statusCode < 500 || !onFailure)) return
    const group = routeGroupOf(request.url)
    const method = methodLabel(request.method)
    if (count) {
      const { httpRequests, httpDuration } = metrics()
      httpRequests.inc({ group, method, status: String(response.statusCode) })
      httpDuration.observe({ group, method }, Number(process.hrtime.bigint() - started) / 1e9)
    }
    if (response.statusCode >= 500 && onFailure) {
      const header = response.getHeader('x-request-id') ?? request.headers['x-request-id']
      onFailure({
        requestId: typeof header === 'string' && /^[0-9a-f-]{32,36}$/i.test(header) ? header : null,
        group,
        method,
        status: response.statusCode,
      })
    }
  }
  response.once('finish', end)
  response.once('close', end)
}
