/**
 * `npm run worker`: the site's jobs queue in a process of its own (decision 0280): Payload with its
 * queue timer (EMAIL_QUEUE_CRON), which sends email and campaigns, runs sequence steps, roll-ups,
 * the retention purge and editors' scheduled publishing, and serves no page. `npm start` runs it
 * beside the Next server at a lower OS priority (the server's own timer off), so that a launch's
 * campaign and roll-ups take the CPU visitors leave. The pages a scheduled publish changes are
 * refreshed through the site's server on PORT, as the server's own timer does (decision 0122).
 *
 * Stopping (SIGTERM, SIGINT): no new tick starts, the batch under way finishes (at most
 * STOP_DRAIN_MS), then the process exits 0. Killed outright, what it had claimed is taken over
 * by the next tick of any process once the claim is stale (decision 0157).
 */
import './lib/bootstrap'

import os from 'node:os'

import { log } from './lib/runtime'

if (process.env.EMAIL_QUEUE_CRON === 'off') {
  console.error('npm run worker works the queue on EMAIL_QUEUE_CRON, which is off.')
  process.exit(1)
}
// Tells the jobs that a site's server runs beside this process (src/lib/revalidate.ts).
process.env.SITE_WORKER = '1'

const { default: config } = await import('@payload-config')
const { getPayload } = await import('payload')
const { stopEmailQueue } = await import('@/jobs/queue')
const { closePayload } = await import('./lib/migrate')

// With cron, Payload starts its queue timer (src/jobs/index.ts) as soon as it is open.
const payload = await getPayload({ config, cron: true })
log('worker running', { cron: process.env.EMAIL_QUEUE_CRON, priority: os.getPriority() })

let stopping = false
const stop = async (signal: NodeJS.Signals) => {
  if (stopping) return
  stopping = true
  const drainMs = Number(process.env.STOP_DRAIN_MS || 10_000)
  setTimeout(() => process.exit(signal === 'SIGTERM' ? 143 : 130), drainMs).unref()
  await stopEmailQueue()
  await closePayload(payload)
  log('worker stopped', { signal })
  process.exit(0)
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void stop(signal))
