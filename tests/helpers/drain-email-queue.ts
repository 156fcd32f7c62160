/**
 * A second app process for tests: opens Payload on DATABASE_URL, works the email queue until
 * nothing is due, prints how many jobs it ran, and exits. Run with tsx.
 */
import config from '@payload-config'
import { getPayload } from 'payload'

import { closePayload } from '@/lib/db/migrate'
import { runEmailQueue } from '@/services/email/jobs'

const payload = await getPayload({ config })
let total = 0
for (let ran = await runEmailQueue(payload); ran > 0; ran = await runEmailQueue(payload))
  total += ran
console.log(JSON.stringify({ ran: total }))
await closePayload(payload)
process.exit(0)
