/**
 * Campaigns at the speed of the mail server (docs/decisions/0200), a section of the scale
 * benchmark, runnable alone: `npm run bench:campaign`. A throwaway embedded PostgreSQL, the
 * migrations, BENCH_CAMPAIGN_RECIPIENTS waitlist addresses (default 100,000; 1,000,000 with
 * BENCH_SCALE_FULL=1) and a loopback SMTP server that only counts what it accepts. Runs, each
 * against the same server with SMTP_POOL_SIZE 50 connections per process and no rate limit:
 * - bare: nodemailer alone, in its own process, sending as many messages (the ceiling);
 * - one instance: an all-waitlist campaign from its job to the last message;
 * - two instances sharing one campaign;
 * - kill -9: two instances, one killed outright a third of the way in, a fresh one started in its
 *   place: duplicates and missed must be 0 (interrupted ones are reported, never resent).
 * Target: one instance at >= 0.8x bare's messages per second.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'
import { SMTPServer } from 'smtp-server'

import { startEmbeddedServer } from '../../lib/embedded-db'
import { table } from '../format'

const root = path.resolve(import.meta.dirname, '../../..')
const POOL = 50
const LEASE_SECONDS = 10
const TARGET = 0.8

type Run = {
  name: string
  messages: number
  seconds: number
  perSecond: number
  duplicates: number
  missed: number
  interrupted: number
}

/** Counts accepted messages per recipient; nothing is kept. */
class CountingServer {
  counts = new Map<string, number>()
  accepted = 0
  lastAt = 0
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 200,
    maxClients: 1000,
    onData: (stream, session, callback) => {
      stream.resume()
      stream.on('end', () => {
        for (const { address } of session.envelope.rcptTo)
          this.counts.set(address, (this.counts.get(address) ?? 0) + 1)
        this.accepted++
        this.lastAt = Date.now()
        callback(null, 'OK')
      })
    },
  })
  port = 0

  async start() {
    // A killed sender's connections end with a reset: nothing to do about it here.
    this.server.on('error', () => undefined)
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()))
    this.port = (this.server.server.address() as { port: number }).port
  }

  reset() {
    this.counts.clear()
    this.accepted = 0
    this.lastAt = 0
  }

  stop = () => new Promise<void>((resolve) => this.server.close(() => resolve()))
}

/**
 * A process of scripts/bench/scale/campaign-instance.ts (node itself, so that SIGKILL reaches the
 * app): `ready` once it may be told to go.
 */
const instance = (env: NodeJS.ProcessEnv, ...args: string[]) => {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/scale/campaign-instance.ts', ...args],
    { cwd: root, env, stdio: ['pipe', 'pipe', 'inherit'] },
  )
  let output = ''
  const ready = new Promise<void>((resolve) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (/^ready$/m.test(output)) resolve()
    })
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, ready, exited, go: (line: string) => child.stdin!.end(`${line}\n`) }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export const run = async (): Promise<Run[]> => {
  const recipients =
    Number(process.env.BENCH_CAMPAIGN_RECIPIENTS) ||
    (process.env.BENCH_SCALE_FULL === '1' ? 1_000_000 : 100_000)
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-campaign-'))
  const database = await startEmbeddedServer({ dataRoot, throwaway: true })
  const smtp = new CountingServer()
  await smtp.start()
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    PAYLOAD_SECRET: 'bench-campaign-secret-0123456789',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    SMTP_POOL_SIZE: String(POOL),
    EMAIL_RATE_PER_SECOND: '1000000',
    EMAIL_SEND_LEASE_SECONDS: String(LEASE_SECONDS),
    EMAIL_QUEUE_CRON: 'off',
    LOG_LEVEL: 'warn',
  }
  const client = new pg.Client({ connectionString: database.url })
  const runs: Run[] = []
  try {
    console.log(`\nCampaign sending: ${recipients.toLocaleString('en')} recipients, pool ${POOL}`)
    const migrate = instance(env, 'migrate')
    if ((await migrate.exited) !== 0) throw new Error('migrations failed')
    await client.connect()
    await client.query(
      `INSERT INTO waitlist_entries (email, name, product, status, joined_at)
       SELECT 'reader-' || lpad(n::text, 7, '0') || '@example.com', 'Reader ' || n, 'records',
         'active', now()
       FROM generate_series(1, $1::int) AS n`,
      [recipients],
    )
    await client.query('ANALYZE waitlist_entries')

    // The ceiling: nodemailer alone.
    smtp.reset()
    const bare = instance(env, 'bare', String(recipients))
    await bare.ready
    let startedAt = Date.now()
    bare.go('go')
    await bare.exited
    runs.push(measured('bare nodemailer', startedAt, smtp, recipients))
    report(runs.at(-1)!)

    for (const [name, count, killAfter] of [
      ['one instance', 1, 0],
      ['two instances', 2, 0],
      ['two instances, one killed (kill -9)', 2, Math.floor(recipients / 3)],
    ] as const) {
      smtp.reset()
      await client.query('DELETE FROM email_logs')
      const instances = Array.from({ length: count }, () => instance(env, 'send'))
      await Promise.all(instances.map((one) => one.ready))
      const campaignId = await newCampaign(client, name)
      startedAt = Date.now()
      for (const one of instances) one.go(String(campaignId))
      if (killAfter) {
        while (smtp.accepted < killAfter) await sleep(20)
        instances[0].child.kill('SIGKILL')
        // Its replacement, as a supervisor would start it.
        const fresh = instance(env, 'send')
        await fresh.ready
        fresh.go(String(campaignId))
        instances.push(fresh)
      }
      await Promise.all(instances.map((one) => one.exited))
      const interrupted = await client.query<{ email: string }>(
        `SELECT to_email AS email FROM email_logs WHERE campaign_id = $1 AND status = 'interrupted'`,
        [campaignId],
      )
      runs.push(
        measured(
          name,
          startedAt,
          smtp,
          recipients,
          interrupted.rows.map((row) => row.email),
        ),
      )
      report(runs.at(-1)!)
    }
  } finally {
    await client.end().catch(() => undefined)
    await smtp.stop()
    await database.stop()
    fs.rmSync(dataRoot, { recursive: true, force: true })
  }
  const [bare, one] = runs
  const ratio = one.perSecond / bare.perSecond
  console.log(
    table([
      ['Run', 'Messages', 'Time to last (s)', 'Msg/s', 'vs bare', 'Dup', 'Missed', 'Interrupted'],
      ...runs.map((r) => [
        r.name,
        String(r.messages),
        r.seconds.toFixed(1),
        r.perSecond.toFixed(0),
        `${(r.perSecond / bare.perSecond).toFixed(2)}x`,
        String(r.duplicates),
        String(r.missed),
        String(r.interrupted),
      ]),
    ]),
  )
  const clean = runs.every((r) => r.duplicates === 0 && r.missed === 0)
  console.log(
    `  ${ratio >= TARGET ? 'PASS' : 'FAIL'}  one instance >= ${TARGET}x bare nodemailer: ${ratio.toFixed(2)}x`,
  )
  console.log(`  ${clean ? 'PASS' : 'FAIL'}  no duplicates, none missed, in every run`)
  return runs
}

/** A campaign to the whole waitlist and its job, as the composer writes them. */
const newCampaign = async (client: pg.Client, name: string) => {
  const created = await client.query<{ id: number }>(
    `INSERT INTO campaigns (name, subject, type, status, audience, message, updated_at, created_at)
     VALUES ($1, $1, 'broadcast', 'sending', 'all-waitlist', $2, now(), now()) RETURNING id`,
    [name, 'Hello from the campaign benchmark. '.repeat(8)],
  )
  const id = created.rows[0].id
  await client.query(
    `INSERT INTO payload_jobs (input, task_slug, queue) VALUES ($1, 'sendCampaign', 'email')`,
    [{ campaignId: id }],
  )
  return id
}

const measured = (
  name: string,
  startedAt: number,
  smtp: CountingServer,
  recipients: number,
  interrupted: string[] = [],
): Run => {
  const seconds = (smtp.lastAt - startedAt) / 1000
  let duplicates = 0
  for (const count of smtp.counts.values()) if (count > 1) duplicates += count - 1
  const unknown = interrupted.filter((email) => !smtp.counts.has(email)).length
  return {
    name,
    messages: smtp.accepted,
    seconds,
    perSecond: smtp.accepted / seconds,
    duplicates,
    missed: Math.max(0, recipients - smtp.counts.size - unknown),
    interrupted: interrupted.length,
  }
}

const report = (r: Run) =>
  console.log(
    `  ${r.name}: ${r.messages} messages in ${r.seconds.toFixed(1)} s, ${r.perSecond.toFixed(0)}/s, ` +
      `${r.duplicates} duplicates, ${r.missed} missed, ${r.interrupted} interrupted`,
  )

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  await run()
  process.exit(0)
}
