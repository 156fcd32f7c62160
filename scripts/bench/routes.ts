/**
 * The visitor routes `npm run bench` loads, and how one is measured: autocannon for
 * BENCH_DURATION seconds after a warm-up, each request from its own address (the rate limits stay
 * on without being reached) and each signup with its own email.
 */
import { type AutocannonResult, autocannon } from './autocannon'
import { checkInterrupted, interrupt, sleep } from './interrupt'

const setting = (name: string, fallback: number, integer = false): number => {
  const raw = process.env[name]?.trim()
  if (!raw) return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new Error(`${name} must be a positive ${integer ? 'integer' : 'number'}, got "${raw}"`)
  }
  return value
}

export const DURATION = setting('BENCH_DURATION', 10)
export const CONNECTIONS = setting('BENCH_CONNECTIONS', 20, true)
export const WARMUP_SECONDS = setting('BENCH_WARMUP', 8)
/** Requests left in flight when a measurement closed its connections finish before the next. */
export const DRAIN_MS = 1_000

export interface Route {
  key: 'baseline' | 'analytics' | 'waitlist' | 'newsletter' | 'waitlist-known' | 'newsletter-known'
  method: 'GET' | 'POST'
  path: string
  expected: number
  body?: (n: number) => unknown
  /** Where the accepted requests are stored, and the query (Payload REST) that finds this run's rows. */
  stored?: { collection: string; where: string }
}

/** One counter for the whole run, so no two requests share an address or an email. */
let counter = 0

/**
 * The counters each route's requests used, in turn: a known-address route reuses them. A list, not
 * a range: the bare route measured between a route's warm-up and its measurement takes counters of
 * its own, which are no one's address.
 */
const used: Partial<Record<Route['key'], number[]>> = {}

/**
 * The n-th known address of a signup route measured earlier in the run: its emails again, in turn
 * (a new address when that route has not run).
 */
const knownCounter = (of: Route['key'], n: number) => {
  const counters = used[of]
  return counters?.length ? counters[n % counters.length]! : n
}

/** A different client address for every request, so per-IP rate limits (left on) never trigger. */
const ipFor = (n: number) => `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`

/** The bare route first: every other route is measured against it. */
export const visitorRoutes = (runId: string): Route[] => {
  const emailFor = (n: number) => `bench-${n}-${runId}@example.com`
  return [
    { key: 'baseline', method: 'GET', path: '/api/status', expected: 200 },
    {
      key: 'analytics',
      method: 'POST',
      path: '/api/analytics/track',
      expected: 201,
      body: (n) => ({
        action: 'click',
        category: 'navigation',
        label: 'bench',
        page: '/',
        sessionId: `bench-${runId}-${n}`,
      }),
      stored: { collection: 'analytics-events', where: `where[sessionId][like]=bench-${runId}-` },
    },
    {
      key: 'waitlist',
      method: 'POST',
      path: '/api/waitlist',
      expected: 201,
      body: (n) => ({ email: emailFor(n), name: 'Bench', product: 'records' }),
      stored: { collection: 'waitlist-entries', where: `where[email][like]=-${runId}@` },
    },
    {
      key: 'newsletter',
      method: 'POST',
      path: '/api/newsletter',
      expected: 201,
      body: (n) => ({ email: emailFor(n) }),
      stored: { collection: 'newsletter-subscribers', where: `where[email][like]=-${runId}@` },
    },
  ]
}

/**
 * The signups again with addresses already on the list (those of the run's new signups, in turn):
 * answered as a new one, with the email that tells the person instead (decision 0163).
 */
export const knownAddressRoutes = (runId: string): Route[] => {
  const emailFor = (n: number) => `bench-${n}-${runId}@example.com`
  return [
    {
      key: 'waitlist-known',
      method: 'POST',
      path: '/api/waitlist',
      expected: 201,
      body: (n) => ({
        email: emailFor(knownCounter('waitlist', n)),
        name: 'Bench',
        product: 'records',
      }),
    },
    {
      key: 'newsletter-known',
      method: 'POST',
      path: '/api/newsletter',
      expected: 201,
      body: (n) => ({ email: emailFor(knownCounter('newsletter', n)) }),
    },
  ]
}

export const label = (route: Route) =>
  `${route.method} ${route.path}${route.key.endsWith('-known') ? ' (known)' : ''}`

/** A result's route, as `label` names it. */
export const resultLabel = (result: Measured) =>
  `${result.method} ${result.path}${result.route.endsWith('-known') ? ' (known)' : ''}`

export const measure = (baseUrl: string, route: Route, duration: number) =>
  new Promise<AutocannonResult>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        method: route.method,
        connections: CONNECTIONS,
        duration,
        headers: { 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (request) => {
              const n = ++counter
              ;(used[route.key] ??= []).push(n)
              return {
                ...request,
                method: route.method,
                path: route.path,
                headers: { ...request.headers, 'x-forwarded-for': ipFor(n) },
                ...(route.body ? { body: JSON.stringify(route.body(n)) } : {}),
              }
            },
          },
        ],
      },
      (error, result) => {
        interrupt.signal.removeEventListener('abort', stop)
        if (error) reject(error)
        else resolve(result)
      },
    )
    function stop() {
      instance.stop()
    }
    interrupt.signal.addEventListener('abort', stop)
  })

const statusCounts = (result: AutocannonResult): Record<string, number> =>
  Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, Number(count)]),
  )

export interface Measured {
  route: string
  method: string
  path: string
  expectedStatus: number
  requestsPerSecond: number
  latencyMs: { p50: number; p99: number; max: number }
  durationSeconds: number
  requests: number
  expectedResponses: number
  statusCodes: Record<string, number>
  non2xx: number
  errors: number
  timeouts: number
  unexpected: number
  warmup: { requests: number; unexpected: number; statusCodes: Record<string, number> }
  /** Rows of this run found in the database afterwards, against the 201s of warm-up and run. */
  stored?: { rows: number; acknowledged: number } | { error: string }
  /**
   * The site's CPU (its Node processes and the embedded PostgreSQL's, user and system) during the
   * measurement, per answered request: less disturbed by a busy machine than throughput. Work the
   * requests left queued (their emails) and finished after the measurement is not in it.
   */
  cpuMsPerRequest?: number
  /** The bare route measured just before this route's measurement (`benchRoute`'s `baseline`). */
  adjacentBaseline?: { requestsPerSecond: number; p99: number; cpuMsPerRequest?: number }
  throughputRatio?: number
  p99Ratio?: number
  /** The site's CPU per request against the bare route's. */
  cpuRatio?: number
}

export const unexpectedOf = (route: Route, result: AutocannonResult) => {
  const statuses = statusCounts(result)
  const expected = statuses[String(route.expected)] ?? 0
  const otherStatuses = Object.values(statuses).reduce((sum, count) => sum + count, 0) - expected
  // Connection errors include timeouts; a mismatch is a body that failed a check (none are set).
  return { statuses, expected, unexpected: otherStatuses + result.errors + result.mismatches }
}

/**
 * One route: a warm-up, then the measurement. `settle`, when given, runs before each of them (the
 * public part waits there for the email queue to empty, so each route is measured alone). With
 * `baseline`, the bare route is measured right before the route's measurement, after the same
 * settle, and the route's ratios are to it (`setRatios`): a machine whose speed drifts during a run
 * moves both alike. With `cpuSeconds` (`treeCpuSeconds` of the site), the site's CPU per request
 * is measured too, for both.
 */
export const benchRoute = async (
  baseUrl: string,
  route: Route,
  settle?: () => Promise<void>,
  baseline?: Route,
  cpuSeconds?: () => number,
): Promise<Measured> => {
  /** The site's CPU per answered request during a measurement, in ms (with `cpuSeconds`). */
  const measureWithCpu = async (measured: Route) => {
    const before = cpuSeconds?.()
    const result = await measure(baseUrl, measured, DURATION)
    const spent = before === undefined ? undefined : cpuSeconds!() - before
    return {
      result,
      cpuMsPerRequest:
        spent === undefined || result.requests.total === 0
          ? undefined
          : (spent * 1000) / result.requests.total,
    }
  }
  // A known-address route measured next reuses this measurement's addresses.
  delete used[route.key]
  await settle?.()
  const warm = await measure(baseUrl, route, WARMUP_SECONDS)
  // Requests left in flight when the warm-up closed its connections drain before measuring.
  await sleep(DRAIN_MS)
  checkInterrupted()
  await settle?.()
  const bareRun = baseline && (await measureWithCpu(baseline))
  const bare = bareRun?.result
  if (bare) {
    await sleep(DRAIN_MS)
    checkInterrupted()
  }
  const { result, cpuMsPerRequest } = await measureWithCpu(route)
  await sleep(DRAIN_MS)
  checkInterrupted()
  const warmCounts = unexpectedOf(route, warm)
  const counts = unexpectedOf(route, result)
  return {
    route: route.key,
    method: route.method,
    path: route.path,
    expectedStatus: route.expected,
    requestsPerSecond: result.requests.average,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    durationSeconds: result.duration,
    requests: result.requests.total,
    expectedResponses: counts.expected,
    statusCodes: counts.statuses,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    unexpected: counts.unexpected,
    warmup: {
      requests: warm.requests.total,
      unexpected: warmCounts.unexpected,
      statusCodes: warmCounts.statuses,
    },
    ...(cpuMsPerRequest !== undefined && { cpuMsPerRequest }),
    ...(bare && {
      adjacentBaseline: {
        requestsPerSecond: bare.requests.average,
        p99: bare.latency.p99,
        ...(bareRun.cpuMsPerRequest !== undefined && { cpuMsPerRequest: bareRun.cpuMsPerRequest }),
      },
    }),
  }
}

export const ratio = (value: number, base: number) => (base > 0 ? value / base : undefined)

/**
 * Each route against the bare route of the same run: the one measured just before it when there is
 * one, else the first result.
 */
export const setRatios = (results: Measured[], baseline: Measured) => {
  for (const result of results) {
    const bare = result.adjacentBaseline ?? {
      requestsPerSecond: baseline.requestsPerSecond,
      p99: baseline.latencyMs.p99,
      cpuMsPerRequest: baseline.cpuMsPerRequest,
    }
    result.throughputRatio = ratio(result.requestsPerSecond, bare.requestsPerSecond)
    result.p99Ratio = ratio(result.latencyMs.p99, bare.p99)
    if (result.cpuMsPerRequest !== undefined && bare.cpuMsPerRequest !== undefined)
      result.cpuRatio = ratio(result.cpuMsPerRequest, bare.cpuMsPerRequest)
  }
}
