/**
 * Lighthouse's mobile performance audit (its default: a mid-range phone, simulated slow 4G and
 * 4× CPU slowdown) with Debian's Chromium, for `npm run bench:web`. Shared machines make these
 * numbers noisy: the median of a few runs on a quiet machine is what the budget means.
 */
import fs from 'node:fs'
import path from 'node:path'

import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

export type LighthouseResult = {
  score: number
  fcp: number
  tbt: number
  lcp: number
  cls: number
}

/**
 * LIGHTHOUSE_REPORTS=<dir> keeps each run's whole report (Lighthouse's JSON: the LCP element, the
 * long tasks, the time per script), one file per run, named after the page and the time.
 */
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS

const keepReport = (url: string, report: string) => {
  if (!REPORTS_DIR) return
  fs.mkdirSync(REPORTS_DIR, { recursive: true })
  const page = new URL(url).pathname.replace(/[^\w-]+/g, '_').replace(/^_|_$/g, '') || 'home'
  const file = path.join(
    REPORTS_DIR,
    `${page}-${new Date().toISOString().replace(/[:.]/g, '')}.json`,
  )
  fs.writeFileSync(file, report)
}

const startChrome = () =>
  chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // The front's certificate is self-signed, made for the run (scripts/lib/front.ts).
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--ignore-certificate-errors'],
  })

export const lighthouseMobile = async (url: string, port: number): Promise<LighthouseResult> => {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  })
  if (!result) throw new Error(`lighthouse gave no result for ${url}`)
  const { lhr } = result
  keepReport(url, result.report as string)
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: Math.round(audit('first-contentful-paint')),
    tbt: Math.round(audit('total-blocking-time')),
    lcp: Math.round(audit('largest-contentful-paint')),
    cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
  }
}

/** A run that has not finished after this long is abandoned (its Chrome is killed). */
const RUN_TIMEOUT_MS = Number(process.env.LIGHTHOUSE_TIMEOUT_MS ?? 120_000)

/**
 * One audit in a Chrome of its own, so a run that hangs or crashes cannot spoil the next: null
 * when it failed, timed out or gave no metrics (reported as n/a, never as a result).
 */
export const isolatedRun = async (url: string): Promise<LighthouseResult | null> => {
  const chrome = await startChrome()
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      console.warn(`lighthouse: ${url} gave no result in ${RUN_TIMEOUT_MS / 1000} s`)
      resolve(null)
    }, RUN_TIMEOUT_MS)
  })
  try {
    const result = await Promise.race([lighthouseMobile(url, chrome.port), timeout])
    if (result && [result.tbt, result.lcp].some(Number.isNaN)) {
      console.warn(`lighthouse: ${url} gave no metrics`)
      return null
    }
    return result
  } catch (error) {
    console.warn(`lighthouse: ${url} failed: ${(error as Error).message}`)
    return null
  } finally {
    clearTimeout(timer)
    chrome.kill()
  }
}

/** Runs that fail (Lighthouse's own trace errors, e.g. NO_NAVSTART) are made up, this many times. */
const SPARE_RUNS = 2

/**
 * The median of `runs` finished runs, by score (Lighthouse's own advice for noisy machines); a
 * failed run is replaced, up to SPARE_RUNS times, so one trace error does not leave a median of two.
 */
export const medianRun = async (url: string, runs: number) => {
  const results: LighthouseResult[] = []
  for (let attempt = 0; attempt < runs + SPARE_RUNS && results.length < runs; attempt++) {
    const result = await isolatedRun(url)
    if (result) results.push(result)
  }
  if (results.length === 0) return null
  return results.sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)]!
}
