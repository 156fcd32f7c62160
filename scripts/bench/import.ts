/**
 * The newsletter import part of `npm run bench` (docs/decisions/0123): uploads a 100,000-row CSV
 * (new people, a few repeats and invalid rows) as the admin's Import dialog does, starts the import
 * with the consent confirmed, and polls its progress until done. Measures the preview (upload and
 * staging), the job and the whole, and the site's memory (RSS of its process tree, PostgreSQL
 * left out, sampled every 100 ms) before and at its peak.
 */
import fs from 'node:fs'
import path from 'node:path'

import { treeRss } from './processes'
import { type Bench, adminToken } from './run'

const ROWS = Number(process.env.BENCH_IMPORT_ROWS) || 100_000
const REPEATED = Math.round(ROWS / 200)
const INVALID = Math.round(ROWS / 500)
const TARGETS = { seconds: 60, rssGrowthMb: 100 }
const POLL_MS = 250

const csvOf = (runId: string, rows = ROWS) => {
  const lines = ['email,first name,interests']
  const unique = rows - REPEATED - INVALID
  for (let i = 0; i < unique; i++)
    lines.push(`bench-import-${runId}-${i}@example.com,Reader ${i},universe;music`)
  for (let i = 0; i < REPEATED; i++) lines.push(`BENCH-IMPORT-${runId}-${i}@EXAMPLE.COM,Again,`)
  for (let i = 0; i < INVALID; i++) lines.push(`not-an-address-${i},Nobody,`)
  return `${lines.join('\n')}\n`
}

/** Uploads a CSV, starts its import and polls until it is done; returns the times and counts. */
const importCsv = async (
  bench: Bench,
  auth: Record<string, string>,
  csv: string,
  alreadyConfirmed = false,
) => {
  const started = performance.now()
  const previewed = await fetch(`${bench.baseUrl}/api/admin/newsletter/import/preview`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'text/csv' },
    body: csv,
  })
  if (!previewed.ok)
    throw new Error(`preview answered ${previewed.status}: ${await previewed.text()}`)
  const preview = (await previewed.json()) as {
    importId: number
    valid: number
    duplicate: number
    invalid: number
  }
  const previewSeconds = (performance.now() - started) / 1000
  const begun = await fetch(
    `${bench.baseUrl}/api/admin/newsletter/import/${preview.importId}/start`,
    {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ consentConfirmed: true, alreadyConfirmed }),
    },
  )
  if (!begun.ok) throw new Error(`start answered ${begun.status}: ${await begun.text()}`)
  const jobStarted = performance.now()
  let progress: { status: string; total: number; processed: number; inserted: number }
  for (;;) {
    bench.checkSite()
    const res = await fetch(`${bench.baseUrl}/api/admin/newsletter/import/${preview.importId}`, {
      headers: auth,
    })
    progress = (await res.json()) as typeof progress
    if (progress.status === 'done' || progress.status === 'failed') break
    // Ten minutes, or a millisecond a row for a larger file (1,000,000 rows: about 17 minutes).
    if (performance.now() - started > Math.max(10 * 60_000, ROWS))
      throw new Error('the import did not finish')
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
  return {
    preview,
    previewSeconds,
    progress,
    jobSeconds: (performance.now() - jobStarted) / 1000,
    seconds: (performance.now() - started) / 1000,
  }
}

export const benchImport = async (bench: Bench) => {
  console.log(`\nNewsletter import: ${ROWS.toLocaleString('en')} rows…`)
  const csv = csvOf(bench.runId)
  const token = await adminToken(bench)
  const auth = { authorization: `Bearer ${token}` }

  let sampler: NodeJS.Timeout | undefined
  try {
    // Warm-up: a small import first (confirmed elsewhere: no emails to send meanwhile), so the
    // code's first loading is not counted as growth.
    // (Made from the first rows only: a million-row file took long enough to make that the site
    // closed the idle connection the next request went out on.)
    const warmUp = csvOf(`${bench.runId}w`, 1000 + REPEATED + INVALID)
      .split('\n')
      .slice(0, 1001)
      .join('\n')
    await importCsv(bench, auth, warmUp, true)
    const before = treeRss(bench.serverPid)
    const peak = new Map(before)
    sampler = setInterval(() => {
      for (const [name, mb] of treeRss(bench.serverPid))
        peak.set(name, Math.max(peak.get(name) ?? 0, mb))
    }, 100)
    const { preview, previewSeconds, progress, jobSeconds, seconds } = await importCsv(
      bench,
      auth,
      csv,
    )
    clearInterval(sampler)
    console.log(
      `  preview: ${preview.valid} valid, ${preview.duplicate} duplicates, ${preview.invalid} invalid ` +
        `in ${previewSeconds.toFixed(1)} s`,
    )
    const rssMb = [...peak].map(([process, peakMb]) => ({
      process,
      beforeMb: before.get(process),
      peakMb,
    }))
    const growth = Math.max(0, ...rssMb.map((p) => p.peakMb - (p.beforeMb ?? p.peakMb)))
    console.log(
      `  job: ${progress.inserted.toLocaleString('en')} inserted in ${jobSeconds.toFixed(1)} s ` +
        `(polling every ${POLL_MS} ms; the queue ticks every few seconds)`,
    )
    console.log(
      `  RSS ${rssMb.map((p) => `${p.process} ${p.beforeMb} -> peak ${p.peakMb} MB`).join(', ')}`,
    )
    const expected = ROWS - REPEATED - INVALID
    const targets = [
      {
        name: `${ROWS.toLocaleString('en')}-row import < ${TARGETS.seconds} s, every new row`,
        actual: `${seconds.toFixed(1)} s, ${progress.inserted} inserted`,
        pass:
          progress.status === 'done' && seconds < TARGETS.seconds && progress.inserted === expected,
      },
      {
        name: `site memory during the import grows < ${TARGETS.rssGrowthMb} MB`,
        actual: `+${growth} MB`,
        pass: growth < TARGETS.rssGrowthMb,
      },
    ]
    console.log('Import targets:')
    for (const target of targets)
      console.log(`  ${target.pass ? 'PASS' : 'FAIL'}  ${target.name}: ${target.actual}`)
    const report = {
      date: new Date().toISOString(),
      rows: ROWS,
      csvMegabytes: Buffer.byteLength(csv) / 2 ** 20,
      preview,
      previewSeconds,
      jobSeconds,
      seconds,
      inserted: progress.inserted,
      rssMb,
      targets,
    }
    fs.mkdirSync(bench.resultsDir, { recursive: true })
    fs.writeFileSync(
      path.join(bench.resultsDir, 'import.json'),
      `${JSON.stringify(report, null, 2)}\n`,
    )
    bench.saveLatest({ import: report })
    return report
  } finally {
    clearInterval(sampler)
  }
}
