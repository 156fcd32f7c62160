/**
 * The sign-in storm of `npm run bench -- sign-in-storm` (docs/benchmarks.md): a page's latency
 * while STORM_CLIENTS clients sign in with unknown names for STORM_SECONDS, each attempt from an
 * address of its own (so no per-address limit stops it before the password hash), against the
 * same page on the quiet site just before. Every attempt costs one password hash, and at most half
 * the cores hash at once (decision 0134), so page views must not wait behind them: the page's p50
 * during the storm within 2× of the quiet p50.
 */
import { randomBytes } from 'node:crypto'

import { fixed, printTargets, table } from './format'
import { checkInterrupted } from './interrupt'
import type { Bench } from './run'

const CLIENTS = Number(process.env.STORM_CLIENTS) || 16
const SECONDS = Number(process.env.STORM_SECONDS) || 12
const PAGE = process.env.STORM_PAGE || '/faq'
const TARGET_RATIO = 2

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

/** One page view after another until `until`: each one's time to the last byte, in ms. */
const viewPage = async (url: string, until: number) => {
  const times: number[] = []
  while (Date.now() < until) {
    checkInterrupted()
    const started = performance.now()
    const response = await fetch(url)
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
    times.push(performance.now() - started)
  }
  return times
}

let address = 0
/** A client address of its own for each attempt (the site trusts X-Forwarded-For here). */
const nextAddress = () => {
  address++
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`
}

/** Sign-in attempts with unknown names, one after another until `until`: answers by status. */
const storm = async (baseUrl: string, until: number, statuses: Map<number, number>) => {
  while (Date.now() < until) {
    checkInterrupted()
    const response = await fetch(`${baseUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
      body: JSON.stringify({
        username: `nobody-${randomBytes(6).toString('hex')}`,
        password: 'not-the-password',
      }),
    })
    await response.arrayBuffer()
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
  }
}

export const benchSignInStorm = async (bench: Bench) => {
  const url = `${bench.baseUrl}${PAGE}`
  console.log(
    `\nSign-in storm: ${CLIENTS} clients signing in with unknown names for ${SECONDS} s, beside ${PAGE}`,
  )
  // Warm: the page rendered and cached, the sign-in route compiled.
  await viewPage(url, Date.now() + 2_000)
  await storm(bench.baseUrl, Date.now() + 1_000, new Map())

  const quiet = await viewPage(url, Date.now() + SECONDS * 1000)
  bench.checkSite()
  const statuses = new Map<number, number>()
  const until = Date.now() + SECONDS * 1000
  const [during] = await Promise.all([
    viewPage(url, until),
    ...Array.from({ length: CLIENTS }, () => storm(bench.baseUrl, until, statuses)),
  ])
  bench.checkSite()

  const quietP50 = percentile(quiet, 50)
  const stormP50 = percentile(during, 50)
  const ratio = stormP50 / quietP50
  const attempts = [...statuses.values()].reduce((sum, n) => sum + n, 0)
  console.log(
    table([
      [PAGE, 'Views', 'p50 (ms)', 'p95 (ms)'],
      ['quiet', String(quiet.length), fixed(quietP50, 1), fixed(percentile(quiet, 95), 1)],
      ['storm', String(during.length), fixed(stormP50, 1), fixed(percentile(during, 95), 1)],
    ]),
  )
  const answers = [...statuses.entries()].map(([status, n]) => `${n}× ${status}`).join(', ')
  console.log(`  sign-in attempts: ${attempts} (${answers}), ${fixed(attempts / SECONDS, 1)}/s`)
  printTargets('Targets:', [
    {
      name: `${PAGE} p50 during the storm within ${TARGET_RATIO}× of quiet`,
      actual: `${fixed(ratio, 2)}×`,
      pass: ratio <= TARGET_RATIO,
    },
  ])
  bench.saveLatest({
    signInStorm: {
      page: PAGE,
      clients: CLIENTS,
      seconds: SECONDS,
      quietP50Ms: quietP50,
      stormP50Ms: stormP50,
      ratio,
      attempts,
      statuses: Object.fromEntries(statuses),
    },
  })
}
