/**
 * `npm run bench:web`: what a visitor's browser pays for each public page of the production build
 * (docs/benchmarks.md). Starts the site with scripts/start.ts (which builds when the sources
 * changed) on a free port and a throw-away embedded database, then for every route of the route
 * table and for the newest published article (its address read from the Atom feed
 * /insights/feed.xml, so an article page with a cover image meets the same budgets as the other
 * pages) reports HTML bytes, first-load JavaScript (the scripts the HTML references, gzipped),
 * requests, whether the response came from a cache, CLS, and whether the largest contentful paint
 * element is in the server HTML; then each page's throughput and p99 at 20 concurrent clients as
 * a ratio to the bare route (/api/status) of the same server, and Lighthouse mobile (score, TBT,
 * LCP, CLS; LIGHTHOUSE_RUNS runs each, median, default 5), through the production front (nginx
 * with deploy/nginx's template: TLS, HTTP/2, its page cache; LIGHTHOUSE_VIA=direct for plain
 * HTTP/1.1 to the site, decisions 133 and 155). The floor is the 404 page of the same
 * build: the framework and the site's shell with no page content. Budgets: JS ≤ floor + 40 KB,
 * CLS 0, LCP element in the server HTML, throughput ≥ 0.8× and p99 < 2× the bare route's,
 * LCP ≤ 2 s; Lighthouse (the median of five) ≥ 96 with TBT ≤ 200 ms on every page, and ≥ 98 with
 * TBT ≤ 150 ms on a page without a form of its own (FORM_ROUTES in src/lib/routes.ts marks the
 * others; a page whose server HTML holds a `<form>` and is not marked is a missed budget too). Lighthouse also runs on an empty Next.js page with
 * the site's build settings (scripts/bench/lighthouse-floor.ts) before and after the routes: what
 * the framework alone scores on this machine, during this run (reported, not a budget). A missed
 * budget exits 1; the tests never run this.
 * LOAD_SECONDS (default 5) sets each throughput run's length; BENCH_ROUTES (`/,/about`) measures
 * only those routes; a Lighthouse run that hangs past LIGHTHOUSE_TIMEOUT_MS (default 120 s) is
 * abandoned; LIGHTHOUSE_FLOOR=off skips the empty page (n/a too when it will not start);
 * LIGHTHOUSE_REPORTS=<dir> keeps each run's whole report (scripts/bench/lighthouse.ts).
 * BENCH_URL measures a site that is already running (e.g. `next start` on a build of your own)
 * instead of starting one; scripts/bench/lighthouse-ab.ts compares two running builds.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

import { chromium } from 'playwright-core'

import { hasForm, INTERNAL_ROUTES, PUBLIC_ROUTES } from '../../src/lib/routes'
import { freePort } from '../lib/embedded-db'
import { type Front, startFront } from '../lib/front'
import { type Site, startSite, stopSite } from '../lib/site-server'
import { startEmptyNextApp } from './lighthouse-floor'
import { type LighthouseResult, medianRun } from './lighthouse'
import { LOAD_CONNECTIONS, type LoadResult, load } from './web-load'

const root = path.resolve(import.meta.dirname, '../..')
const resultsDir = path.join(root, 'bench-results')
const FLOOR_ROUTE = '/bench-floor-404'
const JS_BUDGET_OVER_FLOOR = 40 * 1024
const BARE_ROUTE = '/api/status'
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 5)
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5)
const LIGHTHOUSE_DIRECT = process.env.LIGHTHOUSE_VIA === 'direct'
const TARGET = { throughput: 0.8, p99: 2, lcp: 2000 }
/** Lighthouse's budget: a page with a form of its own (FORM_ROUTES) has more script to run. */
const LIGHTHOUSE_TARGET = {
  withForm: { score: 96, tbt: 200 },
  withoutForm: { score: 98, tbt: 150 },
}
const lighthouseTarget = (route: string) =>
  hasForm(route) ? LIGHTHOUSE_TARGET.withForm : LIGHTHOUSE_TARGET.withoutForm

type RouteResult = {
  route: string
  status: number
  htmlBytes: number
  jsGzipBytes: number
  scripts: number
  requests: number
  cached: string
  cls: number
  lcp: string
  lcpInHtml: boolean
  /** Whether the server HTML holds a `<form>`. */
  formInHtml: boolean
  load?: LoadResult
  /** null: no Lighthouse run finished (shown as n/a, and a missed budget). */
  lighthouse?: LighthouseResult | null
}

/**
 * First-load JavaScript: every script file the HTML references, each gzipped, summed. That is the
 * <script src> tags and the chunks named in the inline React Server Components payload (the
 * client components of the layout and page, which the runtime loads at hydration).
 */
const scriptBytes = async (base: string, html: string, cache: Map<string, number>) => {
  const sources = new Set(
    [...html.matchAll(/(?:\/_next\/)?static\/chunks\/[\w.-]+\.js/g)].map((match) =>
      match[0].startsWith('/_next/') ? match[0] : `/_next/${match[0]}`,
    ),
  )
  let total = 0
  for (const src of sources) {
    const url = new URL(src, base).toString()
    if (!cache.has(url)) {
      const body = Buffer.from(await (await fetch(url)).arrayBuffer())
      cache.set(url, gzipSync(body).length)
    }
    total += cache.get(url)!
  }
  return { total, count: sources.size }
}

const cacheState = (headers: Headers) => {
  const nextCache = headers.get('x-nextjs-cache')
  if (nextCache) return nextCache
  if (headers.get('x-nextjs-prerender')) return 'PRERENDER'
  return headers.get('cache-control')?.includes('s-maxage') ? 'CDN' : 'no (dynamic)'
}

const measure = async (base: string, route: string, jsCache: Map<string, number>) => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox'],
  })
  try {
    const response = await fetch(`${base}${route}`)
    const html = await response.text()
    const js = await scriptBytes(base, html, jsCache)

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number; __lcp: Element | null }
      w.__cls = 0
      w.__lcp = null
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number
          hadRecentInput: boolean
        })[]) {
          if (!entry.hadRecentInput) w.__cls += entry.value
        }
      }).observe({ type: 'layout-shift', buffered: true })
      new PerformanceObserver((list) => {
        const entries = list.getEntries() as (PerformanceEntry & { element: Element | null })[]
        w.__lcp = entries.at(-1)?.element ?? w.__lcp
      }).observe({ type: 'largest-contentful-paint', buffered: true })
    })
    const requests = new Set<string>()
    page.on('request', (request) => requests.add(`${request.method()} ${request.url()}`))
    // Not 'networkidle': the tracker's keep-alive POST never counts as finished.
    await page.goto(`${base}${route}`, { waitUntil: 'load' })
    await page.waitForTimeout(2000)
    const vitals = await page.evaluate((serverHtml) => {
      const w = window as unknown as { __cls: number; __lcp: Element | null }
      const element = w.__lcp
      if (!element) return { cls: w.__cls, lcp: 'none', inHtml: false }
      const tag = element.tagName.toLowerCase()
      const src = element.getAttribute('src')
      const text = element.textContent?.trim().slice(0, 80) ?? ''
      const server = new DOMParser().parseFromString(serverHtml, 'text/html')
      const inHtml = [...server.getElementsByTagName(tag)].some((candidate) =>
        src
          ? candidate.getAttribute('src') === src
          : (candidate.textContent?.trim().slice(0, 80) ?? '') === text,
      )
      return { cls: w.__cls, lcp: `${tag}${src ? ` ${src}` : ` "${text.slice(0, 30)}"`}`, inHtml }
    }, html)
    await context.close()
    return {
      route,
      status: response.status,
      htmlBytes: Buffer.byteLength(html),
      jsGzipBytes: js.total,
      scripts: js.count,
      requests: requests.size,
      cached: cacheState(response.headers),
      cls: Math.round(vitals.cls * 10_000) / 10_000,
      lcp: vitals.lcp,
      lcpInHtml: vitals.inHtml,
      formInHtml: /<form[\s>]/i.test(html),
    } satisfies RouteResult
  } finally {
    await browser.close()
  }
}

/** The page of the newest published article, from the site's own Atom feed. */
const firstArticleRoute = async (base: string) => {
  const feed = await (await fetch(`${base}/insights/feed.xml`)).text()
  const href = /<entry>[\s\S]*?<link href="([^"]+)"\/>/.exec(feed)?.[1]
  if (!href) throw new Error('no published article in /insights/feed.xml')
  return new URL(href.replaceAll('&amp;', '&')).pathname
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
/**
 * A page's median, with the machine's load average as its runs ended: Lighthouse's blocking time
 * grows with a busy core while the nearly script-free floor barely moves, so a sweep is read only
 * where the load stays near the cores: the benchmark alone keeps a 2-core machine at 0.9–2.0
 * (docs/benchmarks.md, 7 December, 05:31).
 */
const describe = (lh: LighthouseResult | null | undefined) => {
  const [load] = os.loadavg()
  const busy =
    load! > 1.25 * os.availableParallelism() ? ' — BUSY MACHINE, not a reading of the page' : ''
  const result = lh ? `${lh.score} (TBT ${lh.tbt} ms, LCP ${lh.lcp} ms)` : 'n/a'
  return `${result}  load ${load!.toFixed(1)}${busy}`
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starfinity-bench-web-'))
const interrupted = new AbortController()
let siteReady: Promise<Site> | undefined
let site: Site | undefined

/** The site on a free port and a throw-away embedded database, building first when needed. */
const startBenchSite = () =>
  startSite({
    run: 'start-script',
    databaseUrl: '',
    setServerUrl: true,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PAYLOAD_SECRET: randomBytes(32).toString('hex'),
      ADMIN_USERNAME: 'bench',
      ADMIN_PASSWORD: randomBytes(16).toString('hex'),
      LOG_LEVEL: 'warn',
      // No daily backup in the middle of a measurement (decision 0230).
      BACKUP_DAILY: 'off',
    },
    logFile: path.join(resultsDir, 'web-server.log'),
    ownGroup: true,
    // A build on a busy shared machine can take longer than startSite's ten minutes.
    timeoutMs: 30 * 60_000,
    signal: interrupted.signal,
  })

const main = async () => {
  const external = process.env.BENCH_URL?.replace(/\/+$/, '')
  const jsCache = new Map<string, number>()
  try {
    let base = external
    if (!base) {
      console.log('starting the site (builds first when the sources changed)…')
      siteReady = startBenchSite()
      site = await siteReady
      base = site.url
      console.log(`the site is ready on ${base}`)
    }
    const floor = await measure(base, FLOOR_ROUTE, jsCache)
    const budget = floor.jsGzipBytes + JS_BUDGET_OVER_FLOOR
    const results: RouteResult[] = []
    const only = process.env.BENCH_ROUTES?.split(',').filter(Boolean)
    const routes = [...PUBLIC_ROUTES, ...INTERNAL_ROUTES, await firstArticleRoute(base)].filter(
      (route) => !only || only.includes(route),
    )
    for (const route of routes) results.push(await measure(base, route, jsCache))

    // Throughput: each page right after the bare route, so both see the same machine.
    console.log(`throughput: ${LOAD_CONNECTIONS} clients, ${LOAD_SECONDS} s per route…`)
    await load(`${base}/`, 2)
    const bare = await load(`${base}${BARE_ROUTE}`, LOAD_SECONDS)
    for (const result of results) result.load = await load(`${base}${result.route}`, LOAD_SECONDS)

    const via = LIGHTHOUSE_DIRECT ? 'plain HTTP/1.1 to the site' : 'the production front'
    console.log(`lighthouse mobile: ${LIGHTHOUSE_RUNS} run(s) per route, through ${via}…`)
    // The floor is reported, not a budget: a floor that will not start leaves it n/a.
    const emptyApp =
      process.env.LIGHTHOUSE_FLOOR === 'off'
        ? undefined
        : await startEmptyNextApp().catch((error: unknown) => {
            console.warn(`the empty Next.js page did not start: ${(error as Error).message}`)
            return undefined
          })
    let fronts: Front[] = []
    const lighthouseFloor: { before?: LighthouseResult | null; after?: LighthouseResult | null } =
      {}
    try {
      // The site and the floor are measured the same way.
      const frontOf = async (origin: string) =>
        startFront({ port: await freePort(), upstreams: [`127.0.0.1:${new URL(origin).port}`] })
      if (!LIGHTHOUSE_DIRECT)
        fronts = [await frontOf(base), ...(emptyApp ? [await frontOf(emptyApp.url)] : [])]
      const [siteUrl, floorUrl] = LIGHTHOUSE_DIRECT
        ? [base, emptyApp?.url]
        : fronts.map((front) => front.url)
      const floorRun = () => (floorUrl ? medianRun(`${floorUrl}/`, LIGHTHOUSE_RUNS) : null)
      lighthouseFloor.before = await floorRun()
      console.log(`  empty Next.js page: ${describe(lighthouseFloor.before)}`)
      for (const result of results) {
        result.lighthouse = await medianRun(`${siteUrl}${result.route}`, LIGHTHOUSE_RUNS)
        console.log(`  ${result.route}: ${describe(result.lighthouse)}`)
      }
      lighthouseFloor.after = await floorRun()
      console.log(`  empty Next.js page, again: ${describe(lighthouseFloor.after)}`)
    } finally {
      for (const front of fronts) await front.stop()
      if (emptyApp) await stopSite(emptyApp)
    }

    const failures: string[] = []
    for (const r of results) {
      if (r.status !== 200) {
        failures.push(`${r.route}: status ${r.status}`)
        continue
      }
      if (r.jsGzipBytes > budget)
        failures.push(`${r.route}: JS ${kb(r.jsGzipBytes)} > ${kb(budget)}`)
      if (r.cls !== 0) failures.push(`${r.route}: CLS ${r.cls}`)
      if (!r.lcpInHtml) failures.push(`${r.route}: LCP element (${r.lcp}) not in the server HTML`)
      if (r.formInHtml && !hasForm(r.route))
        failures.push(`${r.route}: holds a form but is not in FORM_ROUTES`)
      const rate = r.load!.rps / bare.rps
      const p99 = r.load!.p99 / Math.max(bare.p99, 1)
      if (rate < TARGET.throughput) failures.push(`${r.route}: throughput ${rate.toFixed(2)}×`)
      if (p99 >= TARGET.p99) failures.push(`${r.route}: p99 ${p99.toFixed(2)}× the bare route's`)
      const lh = r.lighthouse
      if (!lh) {
        failures.push(`${r.route}: no Lighthouse run finished`)
        continue
      }
      const target = lighthouseTarget(r.route)
      if (lh.score < target.score)
        failures.push(`${r.route}: Lighthouse ${lh.score} < ${target.score}`)
      if (lh.tbt > target.tbt) failures.push(`${r.route}: TBT ${lh.tbt} ms > ${target.tbt} ms`)
      if (lh.lcp > TARGET.lcp) failures.push(`${r.route}: LCP ${lh.lcp} ms`)
      if (lh.cls !== 0) failures.push(`${r.route}: Lighthouse CLS ${lh.cls}`)
    }

    console.log(
      `\nfloor (404 page): first-load JS ${kb(floor.jsGzipBytes)} gzip; budget ${kb(budget)}`,
    )
    console.log(
      `bare route ${BARE_ROUTE}: ${bare.rps.toFixed(0)} req/s, p50 ${bare.p50} ms, p99 ${bare.p99} ms`,
    )
    console.log(
      `Lighthouse floor (empty Next.js page): ${describe(lighthouseFloor.before)} before the ` +
        `routes, ${describe(lighthouseFloor.after)} after`,
    )
    console.table(
      results.map((r) => ({
        route: r.route,
        status: r.status,
        html: kb(r.htmlBytes),
        'JS gzip': kb(r.jsGzipBytes),
        'over floor': kb(r.jsGzipBytes - floor.jsGzipBytes),
        cache: r.cached,
        form: hasForm(r.route) ? 'yes' : 'no',
        'req/s ×': (r.load!.rps / bare.rps).toFixed(2),
        'p99 ×': (r.load!.p99 / Math.max(bare.p99, 1)).toFixed(2),
        LH: r.lighthouse?.score ?? 'n/a',
        'TBT ms': r.lighthouse?.tbt ?? 'n/a',
        'LCP ms': r.lighthouse?.lcp ?? 'n/a',
        CLS: r.cls,
        'LCP in HTML': r.lcpInHtml ? 'yes' : `NO (${r.lcp})`,
      })),
    )
    fs.mkdirSync(resultsDir, { recursive: true })
    fs.writeFileSync(
      path.join(resultsDir, 'web.json'),
      JSON.stringify(
        {
          at: new Date().toISOString(),
          floor,
          budget,
          bare,
          lighthouseVia: LIGHTHOUSE_DIRECT ? 'direct' : 'tls-h2-front',
          lighthouseFloor,
          results,
          failures,
        },
        null,
        2,
      ),
    )
    if (failures.length > 0) {
      console.log(`\nbudgets missed:\n  ${failures.join('\n  ')}`)
      process.exitCode = 1
    } else {
      console.log('\nevery budget met')
    }
  } finally {
    if (site) await stopSite(site)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

// Ctrl-C: the site runs in a process group of its own, so it is stopped from here.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the site…`)
    // A site still starting is stopped by startSite itself, which then rejects. A running one
    // gets its SIGTERM now, before any other handler (chrome-launcher's) can end this process.
    interrupted.abort(new Error(`${signal} while starting the site`))
    const stopped = site ? stopSite(site) : siteReady ? siteReady.then(stopSite) : Promise.resolve()
    void stopped
      .catch(() => undefined)
      .finally(() => {
        fs.rmSync(dataDir, { recursive: true, force: true })
        process.exit(130)
      })
  })
}

await main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
