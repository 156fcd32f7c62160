/**
 * A second app process for tests: opens Payload on DATABASE_URL, prints "ready", then (at once,
 * or with DRAIN_AFTER_GO=1 once a line arrives on stdin) works the email queue until nothing is due — or, with DRAIN_UNTIL_SENT=n, until n email-log rows are sent
 * (polling, so it races another runner) — prints how many jobs it ran, and exits. Run with scripts/run-ts.mjs.
 */
import config from '@payload-config'
import { sql } from '@payloadcms/db-postgres/drizzle'
import { getPayload } from 'payload'

import { closePayload } from '../../scripts/lib/migrate'
import { runEmailQueue } from '@/jobs/queue'

const payload = await getPayload({ config })
console.log('ready')
// DRAIN_AFTER_GO=1: start working the queue only once a line arrives on stdin.
if (process.env.DRAIN_AFTER_GO === '1')
  await new Promise<void>((resolve) => {
    process.stdin.once('data', () => resolve())
    process.stdin.once('end', () => resolve())
  })
const until = Number(process.env.DRAIN_UNTIL_SENT) || 0
const deadline = Date.now() + 90_000
const sent = async () =>
  Number(
    (
      (
        await payload.db.drizzle.execute(
          sql`SELECT count(*) AS n FROM email_logs WHERE status = 'sent'`,
        )
      ).rows[0] as { n: string }
    ).n,
  )
let total = 0
for (;;) {
  const ran = await runEmailQueue(payload)
  total += ran
  if (until ? (await sent()) >= until || Date.now() > deadline : ran === 0) break
  if (!ran) await new Promise((resolve) => setTimeout(resolve, 20))
}
console.log(JSON.stringify({ ran: total }))
await closePayload(payload)
process.exit(0)
