/**
 * One process of the campaign benchmark (scripts/bench/scale/campaign.ts), run with
 * scripts/run-ts.mjs and the benchmark's environment:
 * - `migrate`: applies the migrations to DATABASE_URL and exits;
 * - `send`: an app instance: opens Payload, prints "ready", waits for a campaign id on stdin, then
 *   works the email queue (the campaign's job and its mail, as every instance's timer does) until
 *   that campaign is no longer sending, and exits;
 * - `bare N`: the baseline: prints "ready", waits for a line, then sends N messages of the same
 *   size straight through nodemailer with a pool of SMTP_POOL_SIZE connections, and exits.
 */
import nodemailer from 'nodemailer'

const [mode, count] = process.argv.slice(2)

const nextLine = () =>
  new Promise<string>((resolve) => {
    let input = ''
    process.stdin.on('data', (chunk: Buffer) => {
      input += chunk.toString()
      if (input.includes('\n')) resolve(input.trim())
    })
  })

const MESSAGE = 'Hello from the campaign benchmark. '.repeat(8)

if (mode === 'bare') {
  const url = new URL(process.env.SMTP_URL ?? '')
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port),
    secure: false,
    pool: true,
    maxConnections: Number(process.env.SMTP_POOL_SIZE),
  })
  console.log('ready')
  await nextLine()
  const total = Number(count)
  let next = 0
  // As many in flight as the site keeps (twice the pool), so the pool is never idle.
  const worker = async () => {
    while (next < total) {
      const n = next++
      await transport.sendMail({
        from: 'Starfinity <hello@starfinity.example>',
        to: `bare-${n}@example.com`,
        subject: 'Benchmark campaign',
        text: MESSAGE,
        html: `<p>${MESSAGE}</p>`,
      })
    }
  }
  await Promise.all(Array.from({ length: Number(process.env.SMTP_POOL_SIZE) * 2 }, worker))
  transport.close()
  process.exit(0)
}

const { default: config } = await import('@payload-config')
const { getPayload } = await import('payload')
const { sql } = await import('@payloadcms/db-postgres/drizzle')
const { closePayload, migrateDatabase } = await import('../../lib/migrate')
const payload = await getPayload({ config })

if (mode === 'migrate') {
  await migrateDatabase(payload)
  await closePayload(payload)
  process.exit(0)
}

const { runEmailQueue } = await import('@/jobs/queue')
console.log('ready')
const campaignId = Number(await nextLine())
const sending = async () => {
  const result = await payload.db.drizzle.execute(
    sql`SELECT status FROM campaigns WHERE id = ${campaignId}`,
  )
  return (result.rows[0] as { status: string }).status === 'sending'
}
while (await sending()) {
  if ((await runEmailQueue(payload)) === 0) await new Promise((resolve) => setTimeout(resolve, 50))
}
await closePayload(payload)
process.exit(0)
