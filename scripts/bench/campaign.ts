/**
 * The campaign part of `npm run bench` (docs/decisions/0118-campaigns-in-the-background.md): a
 * composer send to the whole waitlist, 10,000 addresses, through the real endpoint of the running
 * site. Measures how long the send takes to answer, the time until every recipient is queued (the
 * sendCampaign job's batches; target under 10 s) and until the last message reached the loopback
 * SMTP server, the messages per second delivered, and that each recipient received exactly one.
 *
 * The waitlist is topped up to BENCH_CAMPAIGN_RECIPIENTS addresses: run it before the admin part
 * (scripts/bench.ts), which seeds 100,000 entries; after the public routes' signups it goes to
 * every address they left, if more. It returns when nothing of it is
 * left queued, so no delivery runs under a later part's load.
 */
import fs from 'node:fs'
import path from 'node:path'

import pg from 'pg'

import type { CampaignProgress } from '@/services/campaigns/campaign-progress'

import { printTargets, table } from './format'
import { type Bench, adminToken } from './run'

const RECIPIENTS = Number(process.env.BENCH_CAMPAIGN_RECIPIENTS) || 10_000
const TIMEOUT_MS = Number(process.env.BENCH_CAMPAIGN_TIMEOUT_MS) || 15 * 60_000
const TARGETS = { queuedSeconds: 10 }

/** What it needs of the run (scripts/bench/run.ts): the site, its database, an admin, the SMTP server. */
export type CampaignBench = Pick<
  Bench,
  'baseUrl' | 'databaseUrl' | 'smtp' | 'username' | 'password' | 'resultsDir'
> &
  Partial<Pick<Bench, 'saveLatest'>>

export type CampaignBenchRow = {
  measure: string
  value: string
  target: string
  ok: boolean | null
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Tops the waitlist up to `recipients` addresses (new ones named after `tag`) and sends a composer
 * campaign to all of it through the running site's endpoint. Returns once the send has answered.
 */
export const startWaitlistCampaign = async (
  client: pg.Client,
  site: Pick<Bench, 'baseUrl' | 'username' | 'password'>,
  { recipients, tag, content }: { recipients: number; tag: string; content: string },
) => {
  const existing = await client.query<{ n: number }>(
    `SELECT count(DISTINCT lower(email))::int AS n FROM waitlist_entries WHERE status IN ('active', 'inactive')`,
  )
  const toAdd = Math.max(0, recipients - existing.rows[0].n)
  await client.query(
    `INSERT INTO waitlist_entries (email, name, product, status, joined_at)
     SELECT $1 || '-' || n || '@example.com', 'Reader ' || n, 'records', 'inactive', now()
     FROM generate_series(1, $2::int) AS n`,
    [tag, toAdd],
  )
  await client.query('ANALYZE waitlist_entries')
  const token = await adminToken(site)
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }
  const startedAt = Date.now()
  const send = await fetch(`${site.baseUrl}/api/admin/ai/send-composed`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      recipientType: 'all-waitlist',
      subject: `Benchmark campaign ${tag}`,
      content,
      campaignKey: crypto.randomUUID(),
    }),
  })
  const answerMs = Date.now() - startedAt
  const { campaignId } = (await send.json()) as { campaignId?: number }
  if (send.status !== 202 || !campaignId) throw new Error(`send answered ${send.status}`)
  return { campaignId, headers, startedAt, answerMs }
}

/** Runs the campaign benchmark and returns one row per measure for the results table. */
export const benchCampaign = async (options: CampaignBench): Promise<CampaignBenchRow[]> => {
  const client = new pg.Client({ connectionString: options.databaseUrl })
  await client.connect()
  const tag = `bench-cmp-${Date.now().toString(36)}`
  try {
    console.log(`\nCampaign: an all-waitlist send from the composer…`)
    const { campaignId, headers, startedAt, answerMs } = await startWaitlistCampaign(
      client,
      options,
      { recipients: RECIPIENTS, tag, content: 'Hello from the campaign benchmark.' },
    )

    // Polled as the Email Manager does, until nothing is left queued.
    let progress: CampaignProgress | undefined
    let lastReport = Date.now()
    for (;;) {
      const res = await fetch(`${options.baseUrl}/api/admin/campaigns/${campaignId}`, { headers })
      progress = (await res.json()) as CampaignProgress
      const finished = progress.sent + progress.failed + progress.bounced + progress.skipped
      if (progress.status === 'sent' && finished >= progress.total) break
      if (Date.now() - startedAt > TIMEOUT_MS) break
      if (Date.now() - lastReport > 15_000) {
        lastReport = Date.now()
        console.log(`  ${progress.sent.toLocaleString('en')} of ${progress.total} sent…`)
      }
      await sleep(250)
    }

    const times = await client.query<{
      started_s: number | null
      queued_s: number | null
      first_delivered_s: number | null
      last_delivered_s: number | null
      sent: number
    }>(
      `SELECT extract(epoch FROM min(l.created_at) - c.created_at)::float AS started_s,
         extract(epoch FROM max(l.created_at) - c.created_at)::float AS queued_s,
         extract(epoch FROM min(l.delivered_at) - c.created_at)::float AS first_delivered_s,
         extract(epoch FROM max(l.delivered_at) - c.created_at)::float AS last_delivered_s,
         count(*) FILTER (WHERE l.status = 'sent')::int AS sent
       FROM campaigns c JOIN email_logs l ON l.campaign_id = c.id
       WHERE c.id = $1 GROUP BY c.created_at`,
      [campaignId],
    )
    const { started_s, queued_s, last_delivered_s, sent } = times.rows[0] ?? {
      started_s: null,
      queued_s: null,
      last_delivered_s: null,
      sent: 0,
    }
    const arrivals = [...options.smtp.received].filter(([to]) => to.startsWith(tag))
    const duplicates = arrivals.reduce((sum, [, count]) => sum + Math.max(0, count - 1), 0)
    const total = progress?.total ?? 0
    const perSecond = last_delivered_s ? sent / last_delivered_s : 0
    const result = {
      recipients: total,
      answerMs,
      jobStartedSeconds: started_s,
      queuedSeconds: queued_s,
      lastDeliveredSeconds: last_delivered_s,
      messagesPerSecond: perSecond,
      sent,
      duplicates,
      progress,
    }
    console.log(
      `  answered in ${answerMs} ms; ${total.toLocaleString('en')} recipients queued after ` +
        `${queued_s?.toFixed(1)} s; last delivered after ${last_delivered_s?.toFixed(1)} s: ` +
        `${perSecond.toFixed(0)} messages/s; ${duplicates} duplicates`,
    )
    fs.mkdirSync(options.resultsDir, { recursive: true })
    fs.writeFileSync(
      path.join(options.resultsDir, 'campaign.json'),
      `${JSON.stringify({ date: new Date().toISOString(), ...result }, null, 2)}\n`,
    )
    const seconds = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)} s`)
    const rows: CampaignBenchRow[] = [
      { measure: 'campaign recipients', value: total.toLocaleString('en'), target: '', ok: null },
      { measure: 'send answered (202)', value: `${answerMs} ms`, target: '', ok: true },
      // The job waits for the next queue tick (EMAIL_QUEUE_CRON, every 5 s by default).
      { measure: 'first recipient queued', value: seconds(started_s), target: '', ok: null },
      {
        measure: 'all recipients queued',
        value: seconds(queued_s),
        target: `< ${TARGETS.queuedSeconds} s`,
        ok: queued_s !== null && queued_s < TARGETS.queuedSeconds,
      },
      { measure: 'last message delivered', value: seconds(last_delivered_s), target: '', ok: null },
      {
        measure: 'messages/s to loopback SMTP',
        value: perSecond.toFixed(0),
        target: '',
        ok: null,
      },
      {
        measure: 'each recipient exactly once',
        value: `${sent.toLocaleString('en')} sent, ${duplicates} duplicates`,
        target: `${total} sent, 0 duplicates`,
        ok: duplicates === 0 && sent + (progress?.skipped ?? 0) === total,
      },
    ]
    console.log(
      table([
        ['Campaign', 'Value', 'Target'],
        ...rows.map((row) => [row.measure, row.value, row.target || '–']),
      ]),
    )
    printTargets(
      'Campaign targets:',
      rows
        .filter((row) => row.ok !== null)
        .map((row) => ({ name: row.measure, actual: row.value, pass: Boolean(row.ok) })),
    )
    options.saveLatest?.({ campaign: result })
    return rows
  } finally {
    await client.end()
  }
}
