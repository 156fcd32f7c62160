/** autocannon (the load generator of `npm run bench` and `npm run bench:web`), typed. */
// @ts-expect-error -- autocannon ships no type declarations; the part used here is typed below.
import autocannonUntyped from 'autocannon'

export interface AutocannonRequest {
  method: string
  path: string
  headers: Record<string, string>
  body?: string | Buffer
}

interface AutocannonOptions {
  url: string
  connections: number
  duration: number
  method?: string
  headers?: Record<string, string>
  requests?: { setupRequest: (request: AutocannonRequest) => AutocannonRequest }[]
}

interface Histogram {
  average: number
  p50: number
  p99: number
  max: number
  total: number
}

export interface AutocannonResult {
  requests: Histogram
  latency: Histogram
  duration: number
  errors: number
  timeouts: number
  mismatches: number
  non2xx: number
  statusCodeStats: Record<string, { count: number }>
}

interface AutocannonInstance {
  stop: () => void
}

export const autocannon: (
  options: AutocannonOptions,
  callback: (error: Error | null, result: AutocannonResult) => void,
) => AutocannonInstance = autocannonUntyped
