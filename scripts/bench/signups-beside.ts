/**
 * The signups of `npm run bench` (new and known addresses) while the site does its heaviest
 * background work beside them: a composer campaign to the whole waitlist (topped up to
 * BENCH_BESIDE_RECIPIENTS addresses) being queued and delivered, and the engagement roll-up job
 * (every minute) rolling up BENCH_BESIDE_EVENTS events inserted just before. Each route against the
 * bare route measured just before it, in the same conditions; then how much of the campaign and of
 * the roll-up happened during the measurements, so a run that outlasted them shows. The campaign
 * sends as the site is set to: with the defaults (a pool of 5, 14 messages a second) it barely
 * moves during the measurements; a launch's settings are given as the site's own variables
 * (`SMTP_POOL_SIZE=50 EMAIL_RATE_PER_SECOND=1000000 npm run bench -- beside`).
 */
import pg from 'pg'

import { startWaitlistCampaign } from './campaign'
import { fixed, table } from './format'
import { confirmHalf, TARGETS } from './public-routes'
import {
  benchRoute,
  knownAddressRoutes,
  label,
  type Measured,
  resultLabel,
  setRatios,
  visitorRoutes,
} from './routes'
import { treeCpuSeconds } from './processes'
import type { Bench } from './run'
import { seedEvents } from './scale/events'

const RECIPIENTS = Number(process.env.BENCH_BESIDE_RECIPIENTS) || 40_000
const EVENTS = Number(process.env.BENCH_BESIDE_EVENTS) || 1_000_000

type Progress = { queued: number; sent: number; rolledThrough: number; topEvent: number }

const progressOf = async (client: pg.Client, campaignId: number): Promise<Progress> => {
  const { rows } = await client.query<Progress>(
    `SELECT (SELECT count(*) FILTER (WHERE status = 'queued') FROM email_logs WHERE campaign_id = $1)::int AS queued,
      (SELECT count(*) FILTER (WHERE status = 'sent') FROM email_logs WHERE campaign_id = $1)::int AS sent,
      (SELECT rolled_through FROM engagement_rollup_state WHERE name = 'engagement_events')::bigint AS "rolledThrough",
      (SELECT coalesce(max(id), 0) FROM engagement_events)::bigint AS "topEvent"`,
    [campaignId],
  )
  const row = rows[0]!
  return {
    queued: Number(row.queued),
    sent: Number(row.sent),
    rolledThrough: Number(row.rolledThrough ?? 0),
    topEvent: Number(row.topEvent),
  }
}

export const benchSignupsBeside = async (bench: Bench) => {
  console.log(
    `\nSignups while a campaign to ${RECIPIENTS.toLocaleString('en')} addresses sends and the ` +
      `roll-up takes ${EVENTS.toLocaleString('en')} events:`,
  )
  const client = new pg.Client({ connectionString: bench.databaseUrl })
  await client.connect()
  try {
    await seedEvents(client, EVENTS)
    const { campaignId } = await startWaitlistCampaign(client, bench, {
      recipients: RECIPIENTS,
      tag: `bench-beside-${Date.now().toString(36)}`,
      content: 'Hello from the benchmark, beside the signups.',
    })

    const routes = [
      ...visitorRoutes(bench.runId).filter((route) =>
        ['baseline', 'waitlist', 'newsletter'].includes(route.key),
      ),
      ...knownAddressRoutes(bench.runId),
    ]
    const results: (Measured & { before: Progress; after: Progress })[] = []
    for (const route of routes) {
      bench.checkSite()
      if (route.key === 'waitlist-known') await confirmHalf(bench)
      process.stdout.write(`  ${label(route)}… `)
      const before = await progressOf(client, campaignId)
      // Each signup route against the bare route measured just before it, beside the same work.
      const bare = results.length > 0 ? routes[0] : undefined
      const result = await benchRoute(bench.baseUrl, route, undefined, bare, () =>
        treeCpuSeconds(bench.serverPid),
      )
      const after = await progressOf(client, campaignId)
      results.push({ ...result, before, after })
      console.log(
        `${result.requestsPerSecond.toFixed(1)} req/s, p99 ${result.latencyMs.p99} ms; ` +
          `campaign ${after.sent - before.sent} sent meanwhile (${after.queued} still queued), ` +
          `${Math.max(0, after.rolledThrough - before.rolledThrough)} events rolled up`,
      )
    }
    setRatios(results, results[0]!)
    console.log(
      table([
        [
          'Route (beside)',
          'Req/s (mean)',
          'p99 (ms)',
          'Req/s vs baseline',
          'Site CPU (ms/req)',
          'CPU vs baseline',
          'Campaign sent',
          'Rolled up',
          'Unexpected',
        ],
        ...results.map((result) => [
          resultLabel(result),
          result.requestsPerSecond.toFixed(1),
          String(result.latencyMs.p99),
          `${fixed(result.throughputRatio, 2)}x`,
          fixed(result.cpuMsPerRequest, 2),
          `${fixed(result.cpuRatio, 2)}x`,
          String(result.after.sent - result.before.sent),
          String(Math.max(0, result.after.rolledThrough - result.before.rolledThrough)),
          String(result.unexpected),
        ]),
      ]),
    )
    for (const result of results.slice(1)) {
      const pass = (result.throughputRatio ?? 0) >= TARGETS.signups && result.unexpected === 0
      console.log(
        `  ${pass ? 'PASS' : 'FAIL'}  ${result.route} beside >= ${TARGETS.signups}x baseline: ` +
          `${fixed(result.throughputRatio, 2)}x, ${result.unexpected} unexpected`,
      )
    }
    bench.saveLatest({ beside: { recipients: RECIPIENTS, events: EVENTS, results } })
  } finally {
    await client.end()
  }
}
