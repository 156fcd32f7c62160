/**
 * `npm run bench`: load test of the production build. Starts the site with scripts/start.ts on a
 * free port and a throw-away embedded database, measures a bare JSON route (the baseline) and the
 * visitor write routes with autocannon, prints a table and the targets, and writes
 * bench-results/latest.json. A missed target is reported, not failed: the exit code is non-zero
 * only when the site cannot be started or stops answering. See docs/benchmarks.md.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

// @ts-expect-error -- autocannon ships no type declarations; the part used here is typed below.
import autocannonUntyped from 'autocannon'

import pg from 'pg'

import { readRunning } from '../src/lib/db/embedded'
import { benchAdmin } from './bench/admin'
import { type BenchSmtp, benchEmail, startBenchSmtp } from './bench/email'

// The subset of autocannon's programmatic API that this script uses.
interface AutocannonRequest {
  method: string
  path: string
  headers: Record<string, string>
  body?: string | Buffer
}
interface AutocannonOptions {
  url: string
  method: string
  connections: number
  duration: number
  headers: Record<string, string>
  requests: { setupRequest: (request: AutocannonRequest) => AutocannonRequest }[]
}
interface Histogram {
  average: number
  p50: number
  p99: number
  max: number
  total: number
}
interface AutocannonResult {
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
type Autocannon = (
  options: AutocannonOptions,
  callback: (error: Error | null, result: AutocannonResult) => void,
) => AutocannonInstance

const autocannon: Autocannon = autocannonUntyped

const root = path.resolve(import.meta.dirname, '..')
const resultsDir = path.join(root, 'bench-results')
const serverLogPath = path.join(resultsDir, 'server.log')

/** The commit measured, with `+changes` when the working tree differs from it. */
const revision = () => {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      })
    const commit = git('rev-parse', '--short', 'HEAD').trim()
    return git('status', '--porcelain', '--untracked-files=no').trim()
      ? `${commit}+changes`
      : commit
  } catch {
    return 'unknown'
  }
}

const setting = (name: string, fallback: number, integer = false): number => {
  const raw = process.env[name]?.trim()
  if (!raw) return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new Error(`${name} must be a positive ${integer ? 'integer' : 'number'}, got "${raw}"`)
  }
  return value
}

const DURATION = setting('BENCH_DURATION', 10)
const CONNECTIONS = setting('BENCH_CONNECTIONS', 20, true)
const WARMUP_SECONDS = 2
const DRAIN_MS = 1_000
const STARTUP_TIMEOUT_MS = 10 * 60_000
const STOP_GRACE_MS = 20_000

const TARGETS = { analytics: 0.9, signups: 0.6 }
/** A PostgreSQL server to measure on instead of the embedded one (a database is created on it). */
const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL?.trim() || undefined

// ---------------------------------------------------------------------------------------------
// The routes and their per-request data

const runId = randomBytes(4).toString('hex')
let counter = 0

/** A different client address for every request, so per-IP rate limits (left on) never trigger. */
const ipFor = (n: number) => `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`
const emailFor = (n: number) => `bench-${n}-${runId}@example.com`

interface Route {
  key: 'baseline' | 'analytics' | 'waitlist' | 'newsletter'
  method: 'GET' | 'POST'
  path: string
  expected: number
  body?: (n: number) => unknown
  /** Where the accepted requests are stored, and the query (Payload REST) that finds this run's rows. */
  stored?: { collection: string; where: string }
}

const ROUTES: Route[] = [
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

const label = (route: Route) => `${route.method} ${route.path}`

// ---------------------------------------------------------------------------------------------
// Interruption (Ctrl-C): stop the running measurement, then clean up as after a failure

class Interrupted extends Error {}

const interrupt = new AbortController()
let firstSignalAt = 0
let tempDir: string | undefined
const onSignal = (signal: NodeJS.Signals) => {
  if (!firstSignalAt) {
    firstSignalAt = Date.now()
    console.error(`\n${signal}: stopping the benchmark and the site…`)
    interrupt.abort()
    return
  }
  // One Ctrl-C can arrive more than once (npm and tsx relay it to this process as well).
  if (Date.now() - firstSignalAt < 2_000) return
  console.error(`${signal} again: killing the site now`)
  killGroup()
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true })
  process.exit(130)
}
process.on('SIGINT', onSignal)
process.on('SIGTERM', onSignal)

const checkInterrupted = () => {
  if (interrupt.signal.aborted) throw new Interrupted('interrupted')
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      interrupt.signal.removeEventListener('abort', done)
      resolve()
    }
    interrupt.signal.addEventListener('abort', done)
  })

// ---------------------------------------------------------------------------------------------
// The site

interface Server {
  child: ChildProcess
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined
  exited: Promise<void>
}

let server: Server | undefined

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })

const startServer = (
  port: number,
  dataDir: string,
  adminPassword: string,
  smtpUrl: string,
  databaseUrl: string,
): Server => {
  fs.mkdirSync(resultsDir, { recursive: true })
  const logFd = fs.openSync(serverLogPath, 'w')
  const child = spawn(
    process.execPath,
    [path.join(root, 'scripts/run-ts.mjs'), 'scripts/start.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        // A fresh database: the embedded one (empty), or one created on BENCH_DATABASE_URL.
        DATABASE_URL: databaseUrl,
        PAYLOAD_SECRET: randomBytes(32).toString('hex'),
        TRUST_PROXY: '1',
        RATE_LIMIT_FACTOR: '1',
        ADMIN_USERNAME: 'bench',
        ADMIN_PASSWORD: adminPassword,
        LOG_LEVEL: 'warn',
        // Mail goes to the benchmark's loopback SMTP server (scripts/bench/email.ts).
        SMTP_URL: smtpUrl,
      },
      stdio: ['ignore', logFd, logFd],
      // Its own process group: Ctrl-C reaches only this script, which then stops the site itself.
      detached: true,
    },
  )
  fs.closeSync(logFd)
  const started: Server = { child, exit: undefined, exited: Promise.resolve() }
  started.exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      started.exit = { code, signal }
      resolve()
    })
  })
  return started
}

const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0)
    return true
  } catch {
    return false
  }
}

/** Last resort: every process of the site's group (tsx, start.ts, Next, the database). */
function killGroup() {
  const pid = server?.child.pid
  if (pid && groupAlive(pid)) process.kill(-pid, 'SIGKILL')
}

const withTimeout = (promise: Promise<void>, ms: number) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms)
    void promise.then(() => {
      clearTimeout(timer)
      resolve(true)
    })
  })

/** SIGTERM, then wait for the site (and every process it started) to exit; SIGKILL if it will not. */
const stopServer = async (): Promise<string[]> => {
  const notes: string[] = []
  if (!server?.child.pid) return notes
  const pid = server.child.pid
  if (!server.exit) {
    server.child.kill('SIGTERM')
    if (!(await withTimeout(server.exited, STOP_GRACE_MS))) {
      notes.push(`the site did not exit within ${STOP_GRACE_MS / 1000} s of SIGTERM; killed`)
      killGroup()
      await server.exited
    }
  }
  for (let waited = 0; groupAlive(pid) && waited < 10_000; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  if (groupAlive(pid)) {
    notes.push('processes of the site were still running after it exited; killed')
    killGroup()
  }
  return notes
}

const logTail = (lines = 40) => {
  if (!fs.existsSync(serverLogPath)) return ''
  return fs.readFileSync(serverLogPath, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
}

const describeExit = (exit: NonNullable<Server['exit']>) =>
  exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`

class ServerFailed extends Error {}

const waitUntilHealthy = async (baseUrl: string) => {
  const started = Date.now()
  let lastReport = started
  while (Date.now() - started < STARTUP_TIMEOUT_MS) {
    checkInterrupted()
    if (server?.exit) {
      throw new ServerFailed(`the site exited (${describeExit(server.exit)}) before it was ready`)
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) })
      await response.arrayBuffer()
      if (response.status === 200) return
    } catch {
      // Not listening yet (migrating, seeding or building).
    }
    if (Date.now() - lastReport >= 30_000) {
      lastReport = Date.now()
      console.log(`  still waiting (${Math.round((lastReport - started) / 1000)} s)…`)
    }
    await sleep(1_000)
  }
  throw new ServerFailed(
    `/api/health did not answer 200 within ${STARTUP_TIMEOUT_MS / 60_000} minutes`,
  )
}

// ---------------------------------------------------------------------------------------------
// Measuring

const measure = (baseUrl: string, route: Route, duration: number) =>
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

interface Measured {
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
  throughputRatio?: number
  p99Ratio?: number
}

const unexpectedOf = (route: Route, result: AutocannonResult) => {
  const statuses = statusCounts(result)
  const expected = statuses[String(route.expected)] ?? 0
  const otherStatuses = Object.values(statuses).reduce((sum, count) => sum + count, 0) - expected
  // Connection errors include timeouts; a mismatch is a body that failed a check (none are set).
  return { statuses, expected, unexpected: otherStatuses + result.errors + result.mismatches }
}

const benchRoute = async (baseUrl: string, route: Route): Promise<Measured> => {
  const warm = await measure(baseUrl, route, WARMUP_SECONDS)
  // Requests left in flight when the warm-up closed its connections drain before measuring.
  await sleep(DRAIN_MS)
  checkInterrupted()
  const result = await measure(baseUrl, route, DURATION)
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
  }
}

/**
 * A 201 may be answered before the row is written (analytics is buffered in memory), so the rows
 * are counted afterwards through Payload's REST API, signed in as the benchmark's admin.
 */
const countStoredRows = async (baseUrl: string, password: string, results: Measured[]) => {
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': '10.255.255.254' }
  const login = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username: 'bench', password }),
  })
  const { token } = (await login.json().catch(() => ({}))) as { token?: string }
  for (const result of results) {
    const route = ROUTES.find((candidate) => candidate.key === result.route)
    if (!route?.stored) continue
    const acknowledged =
      (result.statusCodes[String(route.expected)] ?? 0) +
      (result.warmup.statusCodes[String(route.expected)] ?? 0)
    if (!token) {
      result.stored = { error: `sign-in failed (${login.status})` }
      continue
    }
    const response = await fetch(
      `${baseUrl}/api/${route.stored.collection}?${route.stored.where}&limit=1&depth=0`,
      { headers: { ...headers, authorization: `JWT ${token}` } },
    )
    const body = (await response.json().catch(() => ({}))) as { totalDocs?: number }
    result.stored =
      response.ok && typeof body.totalDocs === 'number'
        ? { rows: body.totalDocs, acknowledged }
        : { error: `GET /api/${route.stored.collection} answered ${response.status}` }
  }
}

// ---------------------------------------------------------------------------------------------
// Reporting

const ratio = (value: number, base: number) => (base > 0 ? value / base : undefined)
const percent = (change: number) => `${change >= 0 ? '+' : ''}${(change * 100).toFixed(0)}%`
const fixed = (value: number | undefined, digits: number) =>
  value === undefined ? '–' : value.toFixed(digits)

const table = (rows: string[][]) => {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)))
  return rows
    .map((row) =>
      row
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
        )
        .join('  '),
    )
    .join('\n')
}

interface Target {
  name: string
  actual: string
  pass: boolean
}

const evaluate = (results: Measured[], unexpectedElsewhere: number): Target[] => {
  const byKey = (key: Route['key']) => results.find((result) => result.route === key)
  const throughputTarget = (key: Route['key'], minimum: number): Target => {
    const value = byKey(key)?.throughputRatio
    return {
      name: `${key} throughput >= ${minimum}x baseline`,
      actual: value === undefined ? 'not measured' : `${value.toFixed(2)}x`,
      pass: value !== undefined && value >= minimum,
    }
  }
  const unexpected =
    results.reduce((sum, result) => sum + result.unexpected, 0) + unexpectedElsewhere
  const mismatched = results.filter((result) => result.expectedResponses !== result.requests)
  return [
    throughputTarget('analytics', TARGETS.analytics),
    throughputTarget('waitlist', TARGETS.signups),
    throughputTarget('newsletter', TARGETS.signups),
    {
      name: 'zero unexpected statuses (expected responses = requests)',
      actual: `${unexpected} unexpected`,
      pass: unexpected === 0 && mismatched.length === 0,
    },
  ]
}

interface LogProblem {
  count: number
  line: string
}

const PINO_LEVELS: Record<number, string> = { 40: 'warn', 50: 'error', 60: 'fatal' }

/**
 * Warning and error lines of the site's output, grouped: Payload logs JSON (summarised by level,
 * message, path and error), Next and Node print text.
 */
const serverLogProblems = (): LogProblem[] => {
  if (!fs.existsSync(serverLogPath)) return []
  const pattern =
    /"level":\s*(40|50|60|"warn"|"error"|"fatal")|\b(WARN|ERROR|FATAL|Error:|Unhandled|ECONN\w+)\b|⚠|⨯/
  // Next's list of experimental flags marks each with ⨯ (e.g. "⨯ turbopackServerFastRefresh").
  const experimentFlag = /^\s*⨯\s+[\w.-]+\s*$/
  const groups = new Map<string, number>()
  for (const line of fs.readFileSync(serverLogPath, 'utf8').split('\n')) {
    if (!pattern.test(line) || experimentFlag.test(line)) continue
    let key = line.trim().slice(0, 300)
    try {
      const entry = JSON.parse(line) as {
        level?: number | string
        msg?: string
        path?: string
        err?: { message?: string; code?: string }
      }
      const level = typeof entry.level === 'number' ? PINO_LEVELS[entry.level] : entry.level
      key = [level, entry.msg, entry.path, entry.err?.message, entry.err?.code]
        .filter(Boolean)
        .join(' | ')
    } catch {
      // A text line: kept as it is.
    }
    groups.set(key, (groups.get(key) ?? 0) + 1)
  }
  return [...groups].map(([line, count]) => ({ line, count })).sort((a, b) => b.count - a.count)
}

// ---------------------------------------------------------------------------------------------

let dropBenchDatabase: (() => Promise<void>) | undefined

/** With BENCH_DATABASE_URL: a database of this run's on that server (dropped at the end). */
const createBenchDatabase = async () => {
  if (!BENCH_DATABASE_URL) return { url: '', drop: async () => undefined }
  const name = `starfinity_bench_${runId}`
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: BENCH_DATABASE_URL })
    await client.connect()
    try {
      await client.query(text)
    } finally {
      await client.end()
    }
  }
  await admin(`CREATE DATABASE ${name}`)
  const url = new URL(BENCH_DATABASE_URL)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

/**
 * The signup routes again once the admin benchmark has stored 100,000 waitlist entries and
 * subscribers: lookups by address must not grow with the tables.
 */
const benchSignupsAtScale = async (baseUrl: string, report: Record<string, unknown>) => {
  console.log('\nSignups with 100,000 existing waitlist entries and subscribers:')
  const routes = ROUTES.filter((route) =>
    ['baseline', 'waitlist', 'newsletter'].includes(route.key),
  )
  const results: Measured[] = []
  for (const route of routes) {
    process.stdout.write(`  ${label(route)}… `)
    const result = await benchRoute(baseUrl, route)
    results.push(result)
    console.log(`${result.requestsPerSecond.toFixed(1)} req/s, p99 ${result.latencyMs.p99} ms`)
  }
  for (const result of results) {
    result.throughputRatio = ratio(result.requestsPerSecond, results[0].requestsPerSecond)
    result.p99Ratio = ratio(result.latencyMs.p99, results[0].latencyMs.p99)
  }
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
  report.atScale = results
}

const main = async (): Promise<number> => {
  // The data directory inside a temporary one, so that its `<dir>.lock` file is removed with it.
  const temporary = fs.mkdtempSync(path.join(os.tmpdir(), 'starfinity-bench-'))
  tempDir = temporary
  const dataDir = path.join(temporary, 'data')
  const cleanupNotes: string[] = []
  let smtp: BenchSmtp | undefined
  try {
    const measuredRevision = revision()
    const port = await freePort()
    const baseUrl = `http://127.0.0.1:${port}`
    console.log(`Starting the site on port ${port} (log: ${path.relative(root, serverLogPath)})…`)
    console.log(
      '  a fresh database is migrated and seeded; the site is built first if sources changed',
    )
    const startedAt = Date.now()
    const adminPassword = randomBytes(18).toString('base64url')
    smtp = await startBenchSmtp()
    const benchDatabase = await createBenchDatabase()
    dropBenchDatabase = benchDatabase.drop
    server = startServer(port, dataDir, adminPassword, smtp.url, benchDatabase.url)
    await waitUntilHealthy(baseUrl)
    const databaseUrl = benchDatabase.url || readRunning(dataDir)?.url
    if (!databaseUrl) throw new ServerFailed('no running database found')
    console.log(`Database: ${BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL' : 'embedded PostgreSQL'}`)
    const startupSeconds = Math.round((Date.now() - startedAt) / 1000)
    console.log(`Site ready after ${startupSeconds} s (revision ${measuredRevision}).`)
    console.log(
      `Measuring each route for ${DURATION} s after a ${WARMUP_SECONDS} s warm-up, ` +
        `${CONNECTIONS} connections…`,
    )

    const results: Measured[] = []
    for (const route of ROUTES) {
      if (server.exit) {
        throw new ServerFailed(
          `the site exited (${describeExit(server.exit)}) during the benchmark`,
        )
      }
      process.stdout.write(`  ${label(route)}… `)
      const result = await benchRoute(baseUrl, route)
      results.push(result)
      console.log(
        `${result.requestsPerSecond.toFixed(1)} req/s, p99 ${result.latencyMs.p99} ms, ` +
          `${result.unexpected} unexpected`,
      )
    }
    // The baseline once more: a machine whose load changed during the run shows here.
    const baseline = results[0]
    process.stdout.write(`  ${label(ROUTES[0])} again, to check the baseline held… `)
    const again = await measure(baseUrl, ROUTES[0], DURATION)
    await sleep(DRAIN_MS)
    checkInterrupted()
    const baselineAgain = {
      requestsPerSecond: again.requests.average,
      p99: again.latency.p99,
      unexpected: unexpectedOf(ROUTES[0], again).unexpected,
      change: again.requests.average / baseline.requestsPerSecond - 1,
    }
    console.log(
      `${baselineAgain.requestsPerSecond.toFixed(1)} req/s ` +
        `(${percent(baselineAgain.change)} vs the first measurement)`,
    )
    if (server.exit) {
      throw new ServerFailed(`the site exited (${describeExit(server.exit)}) during the benchmark`)
    }

    for (const result of results) {
      result.throughputRatio = ratio(result.requestsPerSecond, baseline.requestsPerSecond)
      result.p99Ratio = ratio(result.latencyMs.p99, baseline.latencyMs.p99)
    }
    await countStoredRows(baseUrl, adminPassword, results).catch((error: Error) => {
      for (const result of results)
        if (result.route !== 'baseline') result.stored = { error: error.message }
    })
    const targets = evaluate(results, baselineAgain.unexpected)
    const problems = serverLogProblems()

    console.log('')
    console.log(
      table([
        ['Route', 'Req/s (mean)', 'p99 (ms)', 'Req/s vs baseline', 'p99 vs baseline', 'Unexpected'],
        ...results.map((result) => [
          `${result.method} ${result.path}`,
          result.requestsPerSecond.toFixed(1),
          String(result.latencyMs.p99),
          `${fixed(result.throughputRatio, 2)}x`,
          `${fixed(result.p99Ratio, 2)}x`,
          String(result.unexpected),
        ]),
      ]),
    )
    console.log('')
    console.log('Targets:')
    for (const target of targets) {
      console.log(`  ${target.pass ? 'PASS' : 'FAIL'}  ${target.name}: ${target.actual}`)
    }
    for (const result of results) {
      const others = Object.entries(result.statusCodes).filter(
        ([status]) => status !== String(result.expectedStatus),
      )
      if (others.length || result.errors) {
        const parts = others.map(([status, count]) => `${count}× ${status}`)
        if (result.errors)
          parts.push(`${result.errors} connection errors (${result.timeouts} timeouts)`)
        console.log(`  ${result.method} ${result.path}: ${parts.join(', ')}`)
      }
      if (result.warmup.unexpected) {
        console.log(
          `  ${result.method} ${result.path}: ${result.warmup.unexpected} unexpected during warm-up ` +
            `(${JSON.stringify(result.warmup.statusCodes)})`,
        )
      }
    }
    if (Math.abs(baselineAgain.change) > 0.15) {
      console.log(
        `  Note: the baseline changed by ${percent(baselineAgain.change)} during the run; the ` +
          'machine was busy with something else, so the ratios are unreliable. Run again.',
      )
    }
    console.log('\nStored rows (201s of warm-up and run, then rows found in the database):')
    for (const { method, path: routePath, stored } of results) {
      if (!stored) continue
      if ('error' in stored) console.log(`  ${method} ${routePath}: not counted, ${stored.error}`)
      else {
        const missing = stored.acknowledged - stored.rows
        console.log(
          `  ${method} ${routePath}: ${stored.acknowledged} acknowledged, ${stored.rows} stored` +
            (missing > 0 ? ` — ${missing} MISSING` : ''),
        )
      }
    }
    if (problems.length) {
      const total = problems.reduce((sum, problem) => sum + problem.count, 0)
      console.log(
        `\nThe site logged ${total} warning/error lines (${path.relative(root, serverLogPath)}):`,
      )
      for (const { count, line } of problems.slice(0, 10)) console.log(`  ${count}× ${line}`)
      if (problems.some((problem) => /aborted|ECONNRESET/.test(problem.line))) {
        console.log(
          '  ("aborted"/ECONNRESET: requests still in flight when autocannon closed its connections ' +
            'at the end of a measurement)',
        )
      }
    }

    const report = {
      date: new Date().toISOString(),
      revision: measuredRevision,
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        platform: `${os.platform()} ${os.release()}`,
        node: process.version,
      },
      settings: {
        durationSeconds: DURATION,
        warmupSeconds: WARMUP_SECONDS,
        connections: CONNECTIONS,
        startupSeconds,
      },
      results,
      baselineAgain,
      targets,
      serverLogProblems: problems,
    }
    fs.mkdirSync(resultsDir, { recursive: true })
    const jsonPath = path.join(resultsDir, 'latest.json')
    fs.writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`)
    console.log(`\nResults written to ${path.relative(root, jsonPath)}.`)
    await benchAdmin({
      baseUrl,
      databaseUrl,
      username: 'bench',
      password: adminPassword,
      serverPid: server.child.pid as number,
      resultsDir,
    })
    await benchSignupsAtScale(baseUrl, report)
    fs.writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`)
    await benchEmail({ databaseUrl, smtp, resultsDir })
    return 0
  } catch (error) {
    if (error instanceof Interrupted) return 130
    if (error instanceof ServerFailed) {
      console.error(`\nThe site failed: ${error.message}. Last lines of its output:\n`)
      console.error(logTail())
    } else console.error(error)
    return 1
  } finally {
    process.stdout.write('Stopping the site… ')
    cleanupNotes.push(...(await stopServer()))
    await smtp?.stop()
    await dropBenchDatabase?.().catch(() => undefined)
    fs.rmSync(temporary, { recursive: true, force: true })
    console.log('stopped.')
    for (const note of cleanupNotes) console.error(`  note: ${note}`)
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error)
    killGroup()
    process.exit(1)
  },
)
