/**
 * The visitor write routes of `npm run bench` (docs/benchmarks.md) on the fresh database: each
 * against the bare route measured just before it in the same run, the bare route once more to see whether the machine's
 * load held, the rows stored against the 201s, the targets, and the site's warnings and errors.
 * Writes bench-results/latest.json.
 */
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { root } from '../lib/runtime'
import { fixed, percent, printTargets, table, type Target } from './format'
import { checkInterrupted, sleep } from './interrupt'
import {
  benchRoute,
  CONNECTIONS,
  DRAIN_MS,
  DURATION,
  knownAddressRoutes,
  label,
  type Measured,
  measure,
  resultLabel,
  type Route,
  setRatios,
  unexpectedOf,
  visitorRoutes,
  WARMUP_SECONDS,
} from './routes'
import { treeCpuSeconds } from './processes'
import { adminToken, type Bench } from './run'
import { printLogProblems, siteLogProblems } from './site-log'

/** Each route's throughput as a share of the bare route's: a signup at launch-day rates is 0.8×. */
export const TARGETS = { analytics: 0.9, signups: 0.8 }

/**
 * A 201 may be answered before the row is written (analytics is buffered in memory), so the rows
 * are counted afterwards through Payload's REST API, signed in as the benchmark's admin.
 */
const countStoredRows = async (bench: Bench, routes: Route[], results: Measured[]) => {
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': '10.255.255.254' }
  let signInError = ''
  const token = await adminToken(bench).catch((error: Error) => {
    signInError = error.message
    return undefined
  })
  for (const result of results) {
    const route = routes.find((candidate) => candidate.key === result.route)
    if (!route?.stored) continue
    const acknowledged =
      (result.statusCodes[String(route.expected)] ?? 0) +
      (result.warmup.statusCodes[String(route.expected)] ?? 0)
    if (!token) {
      result.stored = { error: `sign-in failed (${signInError})` }
      continue
    }
    const response = await fetch(
      `${bench.baseUrl}/api/${route.stored.collection}?${route.stored.where}&limit=1&depth=0`,
      { headers: { ...headers, authorization: `JWT ${token}` } },
    )
    const body = (await response.json().catch(() => ({}))) as { totalDocs?: number }
    result.stored =
      response.ok && typeof body.totalDocs === 'number'
        ? { rows: body.totalDocs, acknowledged }
        : { error: `GET /api/${route.stored.collection} answered ${response.status}` }
  }
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
    throughputTarget('waitlist-known', TARGETS.signups),
    throughputTarget('newsletter-known', TARGETS.signups),
    {
      name: 'zero unexpected statuses (expected responses = requests)',
      actual: `${unexpected} unexpected`,
      pass: unexpected === 0 && mismatched.length === 0,
    },
  ]
}

/** Statuses other than the expected one, connection errors, and what the warm-up got wrong. */
const printOddities = (results: Measured[]) => {
  for (const result of results) {
    const others = Object.entries(result.statusCodes).filter(
      ([status]) => status !== String(result.expectedStatus),
    )
    if (others.length || result.errors) {
      const parts = others.map(([status, count]) => `${count}× ${status}`)
      if (result.errors)
        parts.push(`${result.errors} connection errors (${result.timeouts} timeouts)`)
      console.log(`  ${resultLabel(result)}: ${parts.join(', ')}`)
    }
    if (result.warmup.unexpected) {
      console.log(
        `  ${resultLabel(result)}: ${result.warmup.unexpected} unexpected during warm-up ` +
          `(${JSON.stringify(result.warmup.statusCodes)})`,
      )
    }
  }
}

const printStoredRows = (results: Measured[]) => {
  console.log('\nStored rows (201s of warm-up and run, then rows found in the database):')
  for (const { method, path: routePath, stored } of results) {
    if (!stored) continue
    if ('error' in stored) console.log(`  ${method} ${routePath}: not counted, ${stored.error}`)
    else {
      const missing = stored.acknowledged - stored.rows
      // More rows than 201s: requests answered after a measurement closed its connections, or
      // a route of the run that stored new addresses where it should have reused known ones.
      console.log(
        `  ${method} ${routePath}: ${stored.acknowledged} acknowledged, ${stored.rows} stored` +
          (missing > 0 ? ` — ${missing} MISSING` : missing < 0 ? ` (${-missing} more)` : ''),
      )
    }
  }
}

/**
 * Half of the run's new waitlist entries and subscribers confirmed (as their confirm links would),
 * so that the known-address routes send both kinds of email: the confirmation again to an
 * unconfirmed address, "you're already on the list" to a confirmed one.
 */
export const confirmHalf = async (bench: Bench) => {
  const client = new pg.Client({ connectionString: bench.databaseUrl })
  await client.connect()
  try {
    const mine = `bench-%-${bench.runId}@example.com`
    await client.query(
      `UPDATE waitlist_entries SET confirmed_at = now(), status = 'active'
       WHERE email LIKE $1 AND id % 2 = 0`,
      [mine],
    )
    await client.query(
      `UPDATE newsletter_subscribers SET double_opt_in_confirmed = true, confirmed_at = now()
       WHERE email LIKE $1 AND id % 2 = 0`,
      [mine],
    )
  } finally {
    await client.end()
  }
}

/** How long the email queue may take to empty before a route is measured anyway. */
const EMAIL_DRAIN_LIMIT_MS = 300_000

const queuedEmails = async (client: pg.Client) =>
  Number(
    (await client.query(`SELECT count(*) AS n FROM email_logs WHERE status = 'queued'`)).rows[0].n,
  )

/**
 * Each signup queues an email that the site sends beside the next requests. Measured one after the
 * other, each route would otherwise pay for the emails of the routes before it (tens of thousands
 * by the third route, at the mail server's pace): the route is measured alone once the queue is
 * empty. Prints how many were sent meanwhile and how fast; the emails a route queues during its
 * own measurement are sent beside it, as on a real day.
 */
const emptyEmailQueue = async (client: pg.Client) => {
  const started = Date.now()
  const first = await queuedEmails(client)
  let left = first
  while (left > 0 && Date.now() - started < EMAIL_DRAIN_LIMIT_MS) {
    checkInterrupted()
    await sleep(500)
    left = await queuedEmails(client)
  }
  if (first === 0) return
  const seconds = (Date.now() - started) / 1000
  process.stdout.write(
    `(${first - left} queued emails sent first in ${seconds.toFixed(0)} s, ` +
      `${fixed((first - left) / seconds, 0)}/s${left > 0 ? `; ${left} still queued` : ''}) `,
  )
}

export const benchPublicRoutes = async (bench: Bench) => {
  const routes = [...visitorRoutes(bench.runId), ...knownAddressRoutes(bench.runId)]
  console.log(
    `Measuring each route for ${DURATION} s after a ${WARMUP_SECONDS} s warm-up, ` +
      `${CONNECTIONS} connections…`,
  )
  const results: Measured[] = []
  const client = new pg.Client({ connectionString: bench.databaseUrl })
  await client.connect()
  try {
    for (const route of routes) {
      bench.checkSite()
      if (route.key === 'waitlist-known') await confirmHalf(bench)
      process.stdout.write(`  ${label(route)}… `)
      // Every route after the first is measured against the bare route measured just before it.
      const bare = results.length > 0 ? routes[0] : undefined
      const result = await benchRoute(
        bench.baseUrl,
        route,
        () => emptyEmailQueue(client),
        bare,
        () => treeCpuSeconds(bench.serverPid),
      )
      results.push(result)
      const cpu = (ms: number | undefined) =>
        ms === undefined ? '' : `, site CPU ${fixed(ms, 2)} ms`
      console.log(
        `${result.requestsPerSecond.toFixed(1)} req/s, p99 ${result.latencyMs.p99} ms` +
          `${cpu(result.cpuMsPerRequest)}, ${result.unexpected} unexpected` +
          (result.adjacentBaseline
            ? ` (bare route just before: ${result.adjacentBaseline.requestsPerSecond.toFixed(1)} ` +
              `req/s${cpu(result.adjacentBaseline.cpuMsPerRequest)})`
            : ''),
      )
    }
  } finally {
    await client.end()
  }
  // The baseline once more: a machine whose load changed during the run shows here.
  const baseline = results[0]
  process.stdout.write(`  ${label(routes[0])} again, to check the baseline held… `)
  const again = await measure(bench.baseUrl, routes[0], DURATION)
  await sleep(DRAIN_MS)
  checkInterrupted()
  const baselineAgain = {
    requestsPerSecond: again.requests.average,
    p99: again.latency.p99,
    unexpected: unexpectedOf(routes[0], again).unexpected,
    change: again.requests.average / baseline.requestsPerSecond - 1,
  }
  console.log(
    `${baselineAgain.requestsPerSecond.toFixed(1)} req/s ` +
      `(${percent(baselineAgain.change)} vs the first measurement)`,
  )
  bench.checkSite()

  setRatios(results, baseline)
  await countStoredRows(bench, routes, results).catch((error: Error) => {
    for (const result of results)
      if (result.route !== 'baseline') result.stored = { error: error.message }
  })
  const targets = evaluate(results, baselineAgain.unexpected)
  const problems = siteLogProblems(bench.siteLogPath)

  console.log('')
  console.log(
    table([
      [
        'Route',
        'Req/s (mean)',
        'p99 (ms)',
        'Req/s vs baseline',
        'p99 vs baseline',
        'Site CPU (ms/req)',
        'CPU vs baseline',
        'Unexpected',
      ],
      ...results.map((result) => [
        resultLabel(result),
        result.requestsPerSecond.toFixed(1),
        String(result.latencyMs.p99),
        `${fixed(result.throughputRatio, 2)}x`,
        `${fixed(result.p99Ratio, 2)}x`,
        fixed(result.cpuMsPerRequest, 2),
        `${fixed(result.cpuRatio, 2)}x`,
        String(result.unexpected),
      ]),
    ]),
  )
  console.log('')
  printTargets('Targets:', targets)
  printOddities(results)
  if (Math.abs(baselineAgain.change) > 0.15) {
    console.log(
      `  Note: the baseline changed by ${percent(baselineAgain.change)} during the run; the ` +
        'machine was busy with something else, so the ratios are unreliable. Run again.',
    )
  }
  printStoredRows(results)
  printLogProblems(problems, path.relative(root, bench.siteLogPath))

  const jsonPath = bench.saveLatest({
    date: new Date().toISOString(),
    revision: bench.revision,
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
      startupSeconds: bench.startupSeconds,
    },
    results,
    baselineAgain,
    targets,
    serverLogProblems: problems,
  })
  console.log(`\nResults written to ${path.relative(root, jsonPath)}.`)
}
