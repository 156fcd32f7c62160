/**
 * The email part of `npm run bench` (docs/benchmarks.md): a loopback SMTP server receives
 * everything the site sends (the site is started with SMTP_URL pointing at it). 10,000 emails are
 * queued at once, written exactly as queueEmail writes them (an email-log row and a sendEmail job
 * each), and the site's own queue runner delivers them. Reports messages per second and the time
 * until the last one arrived, and checks that each arrived exactly once.
 */
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

import pg from 'pg'
import { SMTPServer } from 'smtp-server'

const COUNT = Number(process.env.BENCH_EMAILS) || 10_000
const TIMEOUT_MS = Number(process.env.BENCH_EMAIL_TIMEOUT_MS) || 15 * 60_000

/** The loopback SMTP server; started before the site so SMTP_URL can name it. */
export const startBenchSmtp = async () => {
  const received = new Map<string, number>()
  let last = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 500,
    onData: (stream, session, callback) => {
      stream.on('data', () => undefined)
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo)
          received.set(to.address, (received.get(to.address) ?? 0) + 1)
        last = Date.now()
        callback(null, 'OK queued')
      })
    },
  })
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject)
      // A client's dropped connection (the site stopped while its SMTP pool was open) is no failure
      // of the benchmark: without a listener it would end the run before the site is stopped.
      server.on('error', () => undefined)
      resolve((server.server.address() as net.AddressInfo).port)
    })
  })
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    lastAt: () => last,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type BenchSmtp = Awaited<ReturnType<typeof startBenchSmtp>>

export const benchEmail = async (options: {
  databaseUrl: string
  smtp: BenchSmtp
  resultsDir: string
}) => {
  const { databaseUrl } = options
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const tag = `bench-mail-${Date.now().toString(36)}`
  console.log(`\nEmail: queueing ${COUNT.toLocaleString('en')} emails to the loopback SMTP server…`)
  try {
    const queuedAt = Date.now()
    await client.query('BEGIN')
    await client.query(
      `INSERT INTO email_logs (to_email, from_email, subject, message, email_type, status, sent_at,
         message_id, is_bulk, attempts, updated_at, created_at)
       SELECT $1 || '-' || n || '@example.com', 'hello@starfinity.example', 'Benchmark ' || n,
         'Hello from the benchmark.', 'reply', 'queued', now(), '<' || $1 || '-' || n || '@starfinity.example>',
         false, 0, now(), now()
       FROM generate_series(1, $2::int) AS n`,
      [tag, COUNT],
    )
    await client.query(
      `INSERT INTO payload_jobs (input, task_slug, queue, total_tried, has_error, processing, updated_at, created_at)
       SELECT jsonb_build_object('logId', id), 'sendEmail', 'email', 0, false, false, now(), now()
       FROM email_logs WHERE to_email LIKE $1 || '-%'`,
      [tag],
    )
    await client.query('COMMIT')
    const queueSeconds = (Date.now() - queuedAt) / 1000

    const mine = () => [...options.smtp.received.keys()].filter((to) => to.startsWith(tag)).length
    let lastReport = Date.now()
    while (mine() < COUNT && Date.now() - queuedAt < TIMEOUT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      if (Date.now() - lastReport > 15_000) {
        lastReport = Date.now()
        console.log(`  ${mine().toLocaleString('en')} delivered…`)
      }
    }
    const delivered = mine()
    const seconds = (options.smtp.lastAt() - queuedAt) / 1000
    const duplicates = [...options.smtp.received]
      .filter(([to, count]) => to.startsWith(tag) && count > 1)
      .reduce((sum, [, count]) => sum + count - 1, 0)
    const status = await client.query(
      `SELECT status, count(*)::int AS n FROM email_logs WHERE to_email LIKE $1 || '-%' GROUP BY status`,
      [tag],
    )
    const result = {
      emails: COUNT,
      queueSeconds,
      delivered,
      duplicates,
      secondsToLastDelivered: seconds,
      messagesPerSecond: delivered / seconds,
      logStatuses: Object.fromEntries(status.rows.map((row) => [row.status, row.n])),
    }
    console.log(
      `  queued in ${queueSeconds.toFixed(1)} s; ${delivered.toLocaleString('en')} delivered, ` +
        `last after ${seconds.toFixed(1)} s: ${result.messagesPerSecond.toFixed(0)} messages/s; ` +
        `${duplicates} duplicates; log statuses ${JSON.stringify(result.logStatuses)}`,
    )
    if (delivered < COUNT) console.log(`  FAIL  ${COUNT - delivered} not delivered in time`)
    fs.mkdirSync(options.resultsDir, { recursive: true })
    fs.writeFileSync(
      path.join(options.resultsDir, 'email.json'),
      `${JSON.stringify({ date: new Date().toISOString(), ...result }, null, 2)}\n`,
    )
    return result
  } finally {
    await client.end()
  }
}
