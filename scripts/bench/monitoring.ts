/**
 * `npm run bench:monitoring` (docs/benchmarks.md): what the metrics cost and how soon a stopped
 * instance shows. A throwaway embedded PostgreSQL server, `npm run migrate`, the build
 * (BENCH_BUILD_DIR, default `.next`; built when the sources are newer), and two production
 * instances (`npm run serve`) on it: one with METRICS_TOKEN (every request counted and timed,
 * process metrics, the listener), one without (decision 0225). Measures, in the same run:
 *
 * - a cached page (GET /about) and a signup (POST /api/waitlist, each a new address) on each
 *   instance, in alternating rounds: requests per second with metrics ÷ without;
 * - the second instance killed (SIGKILL): the time until the first one's System view
 *   (/api/admin/system) shows it missing, and until its metrics say so
 *   (`starfinity_instances{state="missing"}`, the alert rule's condition).
 *
 * 20 concurrent clients (autocannon, HTTP/1.1), BENCH_MONITORING_SECONDS each (default 6),
 * BENCH_MONITORING_ROUNDS rounds (default 3); BENCH_MONITORING_MEASURED=1 gives the metrics to the
 * second instance instead of the first.
 */
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'

import { metrics } from '../../src/lib/metrics/registry.mjs'
import { methodLabel, routeGroupOf } from '../../src/lib/metrics/route-group'
import { needsBuild } from '../lib/build-state'
import { startCluster } from '../lib/cluster'
import { root } from '../lib/runtime'
import { autocannon } from './autocannon'
import { fixed, table } from './format'
import { productionSite } from './production-site'

const SECONDS = Number(process.env.BENCH_MONITORING_SECONDS || 6)
const ROUNDS = Number(process.env.BENCH_MONITORING_ROUNDS || 3)
/** Which instance (0 or 1) has the metrics: the other one is killed at the end. */
const MEASURED = Number(process.env.BENCH_MONITORING_MEASURED || 0)
const CONNECTIONS = 20
const ADMIN = { username: 'bench-admin', password: randomBytes(18).toString('base64url') }
const TOKEN = randomBytes(24).toString('hex')
const runId = randomBytes(4).toString('hex')

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/**
 * The counting alone, in this process: what the HTTP hook does for each request (its route group,
 * the counter, the histogram), 300,000 times per round over a mix of addresses, in microseconds
 * per request. Loading a bare server with and without the hook instead measured the machine's
 * noise (1.27×, 0.68×, 0.57× in three runs on the shared machine).
 */
const countingMicroseconds = () => {
  const { httpRequests, httpDuration } = metrics()
  const urls = ['/about', '/api/waitlist', '/_next/static/chunks/a.js', '/articles/a', '/admin']
  const count = (i: number) => {
    const started = process.hrtime.bigint()
    const group = routeGroupOf(urls[i % urls.length])
    const method = methodLabel('GET')
    httpRequests.inc({ group, method, status: '200' })
    httpDuration.observe({ group, method }, Number(process.hrtime.bigint() - started) / 1e9)
  }
  for (let i = 0; i < 50_000; i++) count(i)
  const rounds: number[] = []
  for (let round = 0; round < 5; round++) {
    const started = process.hrtime.bigint()
    for (let i = 0; i < 300_000; i++) count(i)
    rounds.push(Number(process.hrtime.bigint() - started) / 300_000 / 1000)
  }
  metrics().httpRequests.reset()
  metrics().httpDuration.reset()
  return rounds
}

const counting = countingMicroseconds()
const hookLine = `Counting one request (route group, counter, histogram): ${counting
  .map((value) => value.toFixed(1))
  .join(', ')} µs in 5 rounds (median ${median(counting).toFixed(1)} µs)`
console.log(hookLine)
if (process.env.BENCH_MONITORING_HOOK_ONLY === '1') process.exit(0)

const site = await productionSite('monitoring', { METRICS_TOKEN: undefined })
const { database, env, npmRun, output, say } = site
output.push(hookLine)

let counter = 0
/** Requests per second of one load; every answer must be the expected status. */
const load = (url: string, kind: 'page' | 'signup') =>
  new Promise<number>((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (request) => {
              if (kind === 'page') return { ...request, method: 'GET', path: '/about' }
              const n = ++counter
              return {
                ...request,
                method: 'POST',
                path: '/api/waitlist',
                body: JSON.stringify({
                  email: `bench-${runId}-${n}@example.com`,
                  name: 'Bench',
                  product: 'records',
                }),
              }
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error)
        const failures = result.non2xx + result.errors + result.timeouts
        if (failures > 0) return reject(new Error(`${kind} on ${url}: ${failures} failures`))
        resolve(result.requests.average)
      },
    )
  })

let stopAll = async () => undefined as unknown
try {
  say('Migrations and seed (npm run migrate)…')
  npmRun('migrate', { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password })
  const buildDir = process.env.BENCH_BUILD_DIR || '.next'
  if (process.env.BENCH_BUILD_DIR === undefined && needsBuild(buildDir)) {
    say('Building (npm run build)…')
    npmRun('build')
  }
  const cluster = await startCluster({
    instances: 2,
    front: false,
    databaseUrl: database.url,
    buildDir,
    env,
    envOf: (index) => (index === MEASURED ? { METRICS_TOKEN: TOKEN } : {}),
    logDir: path.join(root, 'bench-results', 'monitoring'),
  })
  stopAll = cluster.stop
  const measured = cluster.instances[MEASURED]
  const bare = cluster.instances[1 - MEASURED]

  // Warm both: the page rendered and stored, the signup path compiled.
  for (const instance of cluster.instances) {
    await load(instance.url, 'page')
    await load(instance.url, 'signup')
  }
  const rates = {
    page: { with: [] as number[], without: [] as number[] },
    signup: { with: [] as number[], without: [] as number[] },
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const kind of ['page', 'signup'] as const) {
      // Alternate which goes first, so neither always gets the machine after a rest.
      const order = round % 2 ? [bare, measured] : [measured, bare]
      for (const instance of order)
        rates[kind][instance === measured ? 'with' : 'without'].push(await load(instance.url, kind))
    }
  }
  const metricsText = await (
    await fetch(`${measured.metricsUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
  ).text()
  if (
    !/starfinity_http_requests_total\{group="page-cached",method="GET",status="200"\} [1-9]/.test(
      metricsText,
    )
  )
    throw new Error('the measured instance counted no cached page view')
  const costRows = (['page', 'signup'] as const).map((kind) => {
    const withMetrics = median(rates[kind].with)
    const without = median(rates[kind].without)
    return [
      kind === 'page' ? 'cached page GET /about' : 'signup POST /api/waitlist',
      fixed(without, 0),
      fixed(withMetrics, 0),
      `${fixed(withMetrics / without, 2)}×`,
    ]
  })
  say(
    `\nCost of metrics (${CONNECTIONS} clients, ${ROUNDS} rounds of ${SECONDS} s, medians, req/s):`,
  )
  say(table([['request', 'without metrics', 'with metrics', 'ratio'], ...costRows]))
  for (const kind of ['page', 'signup'] as const)
    say(
      `${kind} rounds, without: ${rates[kind].without.map((r) => fixed(r, 0)).join(', ')}; ` +
        `with: ${rates[kind].with.map((r) => fixed(r, 0)).join(', ')}`,
    )

  // A stopped instance: killed outright, as a crash would.
  const login = await fetch(`${measured.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  const { token } = (await login.json()) as { token: string }
  const missingInView = async () => {
    const status = (await (
      await fetch(`${measured.url}/api/admin/system`, {
        headers: { authorization: `JWT ${token}` },
      })
    ).json()) as { instances: { id: string; state: string }[] }
    return status.instances.some(
      (instance) => instance.id === `instance-${1 - MEASURED}` && instance.state === 'missing',
    )
  }
  const missingInMetrics = async () =>
    /starfinity_instances\{state="missing"\} [1-9]/.test(
      await (
        await fetch(`${measured.metricsUrl}/metrics`, {
          headers: { authorization: `Bearer ${TOKEN}` },
        })
      ).text(),
    )
  if (await missingInView()) throw new Error('the other instance is missing before it was stopped')
  const stoppedAt = Date.now()
  await bare.stop('SIGKILL')
  let inView: number | undefined
  let inMetrics: number | undefined
  while (inView === undefined || inMetrics === undefined) {
    if (Date.now() - stoppedAt > 180_000)
      throw new Error('the stopped instance never showed as missing')
    if (inView === undefined && (await missingInView())) inView = Date.now() - stoppedAt
    if (inMetrics === undefined && (await missingInMetrics())) inMetrics = Date.now() - stoppedAt
    await delay(250)
  }
  say('\nAn instance killed: time until it shows as missing')
  say(
    table([
      ['where', 'seconds'],
      ['System view (/api/admin/system)', fixed(inView / 1000, 1)],
      ['metrics: starfinity_instances{state="missing"} > 0', fixed(inMetrics / 1000, 1)],
    ]),
  )
  site.saveOutput()
} finally {
  await stopAll()
  await site.stop()
}
