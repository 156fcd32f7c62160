/**
 * Lighthouse's mobile performance audit (its default: a mid-range phone, simulated slow 4G and
 * 4× CPU slowdown) with Debian's Chromium, for `npm run bench:web`. Shared machines make these
 * numbers noisy: the median of a few runs on a quiet machine is what the budget means.
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

export type LighthouseResult = { score: number; tbt: number; lcp: number; cls: number }

export const startChrome = () =>
  chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
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
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    tbt: Math.round(audit('total-blocking-time')),
    lcp: Math.round(audit('largest-contentful-paint')),
    cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
  }
}

/** The median run by score (Lighthouse's own advice for noisy machines). */
export const medianRun = async (url: string, port: number, runs: number) => {
  const results: LighthouseResult[] = []
  for (let run = 0; run < runs; run++) results.push(await lighthouseMobile(url, port))
  return results.sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)]
}
