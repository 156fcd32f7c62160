/**
 * Two builds of the site compared with Lighthouse mobile, runs interleaved (A, B, A, B, …) so both
 * see the same machine: `LH_A=http://localhost:3001 LH_B=http://localhost:3002
 * BENCH_ROUTES=/characters,/about LIGHTHOUSE_RUNS=3 node scripts/run-ts.mjs
 * scripts/bench/lighthouse-ab.ts`. Each site is measured through a production front of its own
 * (scripts/lib/front.ts), as `npm run bench:web` measures one. Prints every run and each side's
 * median; LIGHTHOUSE_REPORTS keeps the reports.
 */
import os from 'node:os'

import { freePort } from '../lib/embedded-db'
import { type Front, startFront } from '../lib/front'
import { type LighthouseResult, isolatedRun } from './lighthouse'

const sides = { A: process.env.LH_A, B: process.env.LH_B }
const routes = process.env.BENCH_ROUTES?.split(',').filter(Boolean) ?? []
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
if (!sides.A || !sides.B || routes.length === 0)
  throw new Error('LH_A, LH_B (the two sites) and BENCH_ROUTES are needed')

const show = (r: LighthouseResult | null) =>
  r ? `${r.score} (FCP ${r.fcp}, LCP ${r.lcp}, TBT ${r.tbt} ms)` : 'n/a'

const median = (values: number[]) =>
  values.length ? [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] : Number.NaN

const fronts: Front[] = []
try {
  for (const origin of [sides.A, sides.B])
    fronts.push(
      await startFront({
        port: await freePort(),
        upstreams: [`127.0.0.1:${new URL(origin).port}`],
      }),
    )
  for (const route of routes) {
    const results: Record<'A' | 'B', LighthouseResult[]> = { A: [], B: [] }
    for (let run = 0; run < runs; run++) {
      for (const [index, side] of (['A', 'B'] as const).entries()) {
        const result = await isolatedRun(`${fronts[index]!.url}${route}`)
        if (result) results[side].push(result)
        console.log(
          `${route} ${side}${run + 1}: ${show(result)}  load ${os.loadavg()[0]!.toFixed(1)}`,
        )
      }
    }
    for (const side of ['A', 'B'] as const) {
      const list = results[side]
      console.log(
        `${route} ${side}: scores ${list.map((r) => r.score).join(', ')}; medians: score ` +
          `${median(list.map((r) => r.score))}, TBT ${median(list.map((r) => r.tbt))} ms, ` +
          `LCP ${median(list.map((r) => r.lcp))} ms, FCP ${median(list.map((r) => r.fcp))} ms`,
      )
    }
  }
} finally {
  for (const front of fronts) await front.stop()
}
