/**
 * Throughput of a page against the bare route of the same server: autocannon, 20 concurrent
 * clients, GET only, in-process (part of `npm run bench:web`, docs/benchmarks.md).
 */
import { autocannon } from './autocannon'

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
