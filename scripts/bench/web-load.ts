/**
 * Throughput of a page against the bare route of the same server: autocannon, 20 concurrent
 * clients, GET only, in-process (part of `npm run bench:web`, docs/benchmarks.md).
 */
// @ts-expect-error -- autocannon ships no type declarations; the part used here is typed below.
import autocannonUntyped from 'autocannon'

type Histogram = { average: number; p50: number; p99: number }
type Result = { requests: Histogram; latency: Histogram; non2xx: number; errors: number }
const autocannon = autocannonUntyped as (
  options: { url: string; connections: number; duration: number },
  callback: (error: Error | null, result: Result) => void,
) => unknown

export const LOAD_CONNECTIONS = 20

export type LoadResult = { rps: number; p50: number; p99: number; failures: number }

export const load = (url: string, seconds: number) =>
  new Promise<LoadResult>((resolve, reject) => {
    autocannon({ url, connections: LOAD_CONNECTIONS, duration: seconds }, (error, result) => {
      if (error) return reject(error)
      resolve({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        failures: result.non2xx + result.errors,
      })
    })
  })
