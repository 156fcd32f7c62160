/**
 * The signup routes of `npm run bench` again once the admin benchmark has stored 100,000 waitlist
 * entries and subscribers: lookups by address must not grow with the tables.
 */
import { fixed, table } from './format'
import { TARGETS } from './public-routes'
import { benchRoute, label, type Measured, setRatios, visitorRoutes } from './routes'
import type { Bench } from './run'

export const benchSignupsAtScale = async (bench: Bench) => {
  console.log('\nSignups with 100,000 existing waitlist entries and subscribers:')
  const routes = visitorRoutes(bench.runId).filter((route) =>
    ['baseline', 'waitlist', 'newsletter'].includes(route.key),
  )
  const results: Measured[] = []
  for (const route of routes) {
    process.stdout.write(`  ${label(route)}… `)
    const result = await benchRoute(bench.baseUrl, route)
    results.push(result)
    console.log(`${result.requestsPerSecond.toFixed(1)} req/s, p99 ${result.latencyMs.p99} ms`)
  }
  setRatios(results, results[0])
  console.log(
    table([
      ['Route (100k rows)', 'Req/s (mean)', 'p99 (ms)', 'Req/s vs baseline', 'Unexpected'],
      ...results.map((result) => [
        `${result.method} ${result.path}`,
        result.requestsPerSecond.toFixed(1),
        String(result.latencyMs.p99),
        `${fixed(result.throughputRatio, 2)}x`,
        String(result.unexpected),
      ]),
    ]),
  )
  for (const result of results.slice(1)) {
    const pass = (result.throughputRatio ?? 0) >= TARGETS.signups && result.unexpected === 0
    console.log(
      `  ${pass ? 'PASS' : 'FAIL'}  ${result.route} at 100k rows >= ${TARGETS.signups}x baseline: ` +
        `${fixed(result.throughputRatio, 2)}x, ${result.unexpected} unexpected`,
    )
  }
  bench.saveLatest({ atScale: results })
}
