/**
 * `npm run bench:vitals` (docs/benchmarks.md): what the Speed tab shows after real visits. The
 * production build on a throwaway embedded database, one instance behind the production front
 * (scripts/lib/cluster.ts, as `npm run bench:cluster`; BENCH_BUILD_DIR serves another build, e.g.
 * `.next-e2e`), visited by Chromium as a phone: 390 × 844, a phone's user agent and touch screen
 * (for the whole browser), the CPU slowed 4× and the network throttled to Lighthouse's mobile
 * figures (150 ms, 1.6 Mbps down, 750 kbps up) through the DevTools protocol. Each visitor (a
 * fresh browser context) opens every page of PAGES in a shuffled order, taps the heading once the
 * tracker's Web Vitals module has loaded, and goes on to the next page as a visitor would: each
 * view's beacon leaves as its page is left. VITALS_VISITORS visitors (default 25: 200 views over
 * eight pages, past the Speed tab's 20 views per page and device).
 *
 * Reported: first, two views with the phone's user agent on the browser context only, whose
 * beacons (sent as each page is left, with the browser's own user agent, HeadlessChrome) are a
 * bot's to the site: 204, not stored (decision 0270). Then the visits' beacons as the front's
 * access log answered them against the rows stored; the Speed tab's own API (`GET
 * /api/admin/speed`) as a full admin, its p75 per page beside Lighthouse mobile on the same page
 * through the same front (LIGHTHOUSE_RUNS, default 1, median; 0 skips it); and a screenshot of the
 * tab, bench-results/vitals-speed-tab.png.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'
import { type Browser, type BrowserContext, chromium, devices, type Page } from 'playwright-core'

import type { Speed } from '../../src/services/metrics/speed'
import { needsBuild } from '../lib/build-state'
import { startCluster } from '../lib/cluster'
import { root } from '../lib/runtime'
import { fixed, table } from './format'
import { type LighthouseResult, medianRun } from './lighthouse'
import { productionSite } from './production-site'
import { adminToken } from './run'

/** The pages of the last Lighthouse sweep (docs/benchmarks.md), with and without a form. */
const PAGES = [
  '/',
  '/waitlist',
  '/about',
  '/contact',
  '/insights',
  '/privacy',
  '/faq',
  '/parent-connect',
]
const VISITORS = Number(process.env.VITALS_VISITORS || 25)
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1)
const ADMIN = { username: 'bench-vitals', password: randomBytes(18).toString('base64url') }
const PHONE = devices['iPhone 13']
/** A phone's Chrome: Playwright's own user agent names HeadlessChrome, which the site counts as a bot. */
const PHONE_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36'
/** Lighthouse's mobile network (its simulated slow 4G), applied to each request by DevTools. */
const NETWORK = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 }
/**
 * A touch screen: coarse pointer, no hover. Playwright's own launch flags declare a mouse, which
 * the tracker's device test (`pointer: coarse`) reads as a desktop; this later flag wins.
 */
const PHONE_POINTER =
  '--blink-settings=primaryPointerType=2,availablePointerTypes=2,primaryHoverType=1,availableHoverTypes=1'
const BEACON = '/api/analytics/vitals'

const site = await productionSite('vitals', { TRUST_PROXY: '1', RATE_LIMIT_FACTOR: '1' })
const { database, env, npmRun, say } = site
const buildDir = process.env.BENCH_BUILD_DIR || '.next'

const shuffled = <T>(items: T[]) =>
  items
    .map((item) => ({ item, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item)

/** The lazy chunk of the tracker's Web Vitals module (its device test names `pointer: coarse`). */
let vitalsChunk: string | undefined
const findVitalsChunk = (page: Page) =>
  page.evaluate(async () => {
    for (const entry of performance.getEntriesByType('resource')) {
      if (!entry.name.endsWith('.js')) continue
      const code = await (await fetch(entry.name)).text()
      if (code.includes('pointer: coarse') && code.includes('largest-contentful-paint'))
        return new URL(entry.name).pathname
    }
    return undefined
  })

/** Waits until this view has loaded the Web Vitals module (after the load and an idle moment). */
const vitalsLoaded = async (page: Page) => {
  for (let tries = 0; !vitalsChunk && tries < 600; tries++) {
    vitalsChunk = await findVitalsChunk(page)
    if (!vitalsChunk) await page.waitForTimeout(100)
  }
  if (!vitalsChunk) throw new Error('the Web Vitals module never loaded')
  await page.waitForFunction(
    (chunk) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(chunk)),
    vitalsChunk,
    { timeout: 60_000 },
  )
}

const failedViews: string[] = []

/** One visitor on a throttled phone: every page once, each left for the next (the last for robots.txt). */
const visit = async (context: BrowserContext, base: string, pages: string[]) => {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...NETWORK })
  for (const route of pages) {
    // A view that does not finish (a load stuck on the throttled network) is counted, not fatal.
    try {
      await page.goto(`${base}${route}`, { waitUntil: 'load', timeout: 120_000 })
      await vitalsLoaded(page)
    } catch (error) {
      failedViews.push(`${route}: ${(error as Error).message.split('\n')[0]}`)
      continue
    }
    // A tap: the view's INP, and the LCP the library reports at the first input.
    await page
      .locator('h1')
      .first()
      .tap({ timeout: 10_000 })
      .catch(() => undefined)
  }
  await page.goto(`${base}/robots.txt`)
  await page.close()
}

const phoneContext = (browser: Browser) =>
  browser.newContext({
    ...PHONE,
    viewport: { width: 390, height: 844 },
    userAgent: PHONE_CHROME,
    ignoreHTTPSErrors: true,
  })

const storedBeacons = async () => {
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  try {
    const { rows } = await client.query<{ route: string; device: string; views: string }>(
      'SELECT route, device, count(*) AS views FROM web_vitals GROUP BY 1, 2 ORDER BY 1, 2',
    )
    return rows
  } finally {
    await client.end()
  }
}

const storedTotal = async () =>
  (await storedBeacons()).reduce((sum, row) => sum + Number(row.views), 0)

const beaconAnswers = (lines: string[]) => {
  const counts: Record<string, number> = {}
  for (const line of lines) {
    const status = new RegExp(`POST ${BEACON} [^"]*" (\\d{3})`).exec(line)?.[1]
    if (status) counts[status] = (counts[status] ?? 0) + 1
  }
  return counts
}

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')

const ms = (value: number | null | undefined) => (value == null ? 'n/a' : fixed(value, 0))

let stopAll = async () => undefined as unknown
try {
  say('Migrations and seed (npm run migrate)…')
  npmRun('migrate', { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password })
  if (process.env.BENCH_BUILD_DIR === undefined && needsBuild(buildDir)) {
    say('Building (npm run build)…')
    npmRun('build')
  }
  const cluster = await startCluster({
    instances: 1,
    databaseUrl: database.url,
    buildDir,
    env,
    logDir: path.join(root, 'bench-results', 'vitals'),
  })
  stopAll = cluster.stop
  const front = cluster.front!
  const base = cluster.frontUrl
  const launch = (args: string[] = []) =>
    chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', ...args],
    })
  // A phone's user agent set on the browser context only: the beacons a page sends as it is left
  // go with the browser's own user agent, which names HeadlessChrome (a bot to the site).
  const probe = await launch([PHONE_POINTER])
  await visit(await phoneContext(probe), base, PAGES.slice(0, 2))
  await probe.close()
  say(
    `A phone's user agent on the context only, 2 views: beacons answered ` +
      `${JSON.stringify(beaconAnswers(front.accessLog()))}, ${await storedTotal()} rows stored`,
  )
  const logStart = front.accessLog().length
  const browser = await launch([`--user-agent=${PHONE_CHROME}`, PHONE_POINTER])
  try {
    const started = Date.now()
    say(
      `${VISITORS} visitors × ${PAGES.length} pages as a phone (4× CPU, slow 4G)… (load ${loadAverage()})`,
    )
    for (let visitor = 0; visitor < VISITORS; visitor++) {
      const context = await phoneContext(browser)
      await visit(context, base, shuffled(PAGES))
      await context.close()
      if ((visitor + 1) % 5 === 0) console.log(`  ${visitor + 1} visitors`)
    }
    const minutes = (Date.now() - started) / 60_000
    const views = VISITORS * PAGES.length
    if (failedViews.length) say(`views that did not finish: ${failedViews.join('; ')}`)
    const answers = beaconAnswers(front.accessLog().slice(logStart))
    // Beacons wait up to 250 ms in the analytics buffer before they are written.
    let stored = await storedBeacons()
    for (let tries = 0; tries < 50; tries++) {
      const total = stored.reduce((sum, row) => sum + Number(row.views), 0)
      if (total >= (answers['201'] ?? 0)) break
      await new Promise((resolve) => setTimeout(resolve, 200))
      stored = await storedBeacons()
    }
    const storedViews = stored.reduce((sum, row) => sum + Number(row.views), 0)
    say(
      `${views} views in ${fixed(minutes, 1)} min (load ${loadAverage()}): ` +
        `beacons answered ${JSON.stringify(answers)}, ${storedViews} rows stored ` +
        `(${stored.map((row) => `${row.route} ${row.device} ${row.views}`).join(', ')})`,
    )

    // The Speed tab's own figures, through its API, as a full admin.
    const instance = cluster.instances[0].url
    const token = await adminToken({ baseUrl: instance, ...ADMIN })
    const answer = await fetch(`${instance}/api/admin/speed?days=7`, {
      headers: { authorization: `JWT ${token}` },
    })
    if (!answer.ok) throw new Error(`GET /api/admin/speed answered ${answer.status}`)
    const speed = ((await answer.json()) as { data: Speed }).data

    const lighthouse = new Map<string, LighthouseResult | null>()
    if (LIGHTHOUSE_RUNS > 0) {
      say(`Lighthouse mobile through the front, ${LIGHTHOUSE_RUNS} run(s) per page…`)
      for (const route of PAGES)
        lighthouse.set(route, await medianRun(`${base}${route}`, LIGHTHOUSE_RUNS))
    }
    const rows = [
      [
        'page',
        'device',
        'views',
        'LCP',
        'INP',
        'CLS',
        'FCP',
        'TTFB',
        'LH',
        'LH LCP',
        'LH FCP',
        'LH TBT',
      ],
    ]
    for (const row of speed.rows) {
      const { lcp, inp, cls, fcp, ttfb } = row.metrics
      const lh = lighthouse.get(row.route)
      rows.push([
        row.route,
        row.device,
        String(row.views),
        `${ms(lcp.p75)} (${lcp.samples})`,
        `${ms(inp.p75)} (${inp.samples})`,
        cls.p75 == null ? `n/a (${cls.samples})` : `${cls.p75.toFixed(3)} (${cls.samples})`,
        `${ms(fcp.p75)} (${fcp.samples})`,
        `${ms(ttfb.p75)} (${ttfb.samples})`,
        lh ? String(lh.score) : 'n/a',
        ms(lh?.lcp),
        ms(lh?.fcp),
        ms(lh?.tbt),
      ])
    }
    say(
      '\nThe Speed tab (GET /api/admin/speed, p75 in ms, views per metric) beside Lighthouse mobile',
    )
    say(table(rows))

    // The tab itself, as the admin sees it on a desktop.
    const adminContext = await browser.newContext({
      ignoreHTTPSErrors: true,
      viewport: { width: 1280, height: 1100 },
    })
    await adminContext.addCookies([{ name: 'payload-token', value: token, url: base }])
    const adminPage = await adminContext.newPage()
    await adminPage.goto(`${base}/admin?tab=speed&days=7`)
    await adminPage.locator('tr[data-route]').first().waitFor({ timeout: 60_000 })
    const screenshot = path.join(root, 'bench-results', 'vitals-speed-tab.png')
    await adminPage.screenshot({ path: screenshot, fullPage: true })
    say(`\nThe Speed tab: ${path.relative(root, screenshot)}`)
    await adminContext.close()
  } finally {
    await browser.close()
  }
  fs.mkdirSync(path.join(root, 'bench-results', 'vitals'), { recursive: true })
  fs.writeFileSync(
    path.join(root, 'bench-results', 'vitals', 'front.log'),
    `${front.accessLog().join('\n')}\n`,
  )
  site.saveOutput()
} finally {
  await stopAll()
  await site.stop()
}
