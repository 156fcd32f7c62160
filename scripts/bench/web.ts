/**
 * `npm run bench:web`: what a visitor's browser pays for each public page of the production build
 * (docs/benchmarks.md). Starts the site with scripts/start.ts (which builds when the sources
 * changed) on a free port and a throw-away embedded database, then for every route of the route
 * table reports HTML bytes, first-load JavaScript (the scripts the HTML references, gzipped),
 * requests, whether the response came from a cache, CLS, and whether the largest contentful paint
 * element is in the server HTML. The floor is the 404 page of the same build: the framework and
 * the site's shell with no page content. Budgets: JS ≤ floor + 40 KB, CLS 0, LCP element in the
 * server HTML. A missed budget exits 1; the tests never run this.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

import { chromium } from 'playwright-core'

import { INTERNAL_ROUTES, PUBLIC_ROUTES } from '../../src/lib/routes'

const root = path.resolve(import.meta.dirname, '../..')
const resultsDir = path.join(root, 'bench-results')
const FLOOR_ROUTE = '/bench-floor-404'
const JS_BUDGET_OVER_FLOOR = 40 * 1024
const STARTUP_TIMEOUT_MS = 10 * 60_000

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
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer()
    probe.on('error', reject)
    probe.listen(0, () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })

const startSite = (port: number, dataDir: string): ChildProcess => {
  fs.mkdirSync(resultsDir, { recursive: true })
  const log = fs.openSync(path.join(resultsDir, 'web-server.log'), 'w')
  return spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/start.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        SERVER_URL: `http://localhost:${port}`,
        PGLITE_DATA_DIR: dataDir,
        DATABASE_URL: '',
        PAYLOAD_SECRET: randomBytes(32).toString('hex'),
        ADMIN_USERNAME: 'bench',
        ADMIN_PASSWORD: randomBytes(16).toString('hex'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', log, log],
      detached: true,
    },
  )
}

const stopSite = (child: ChildProcess) => {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM')
  } catch {
    // already gone
  }
}

const waitUntilHealthy = async (base: string, child: ChildProcess) => {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error('the site exited; see bench-results/web-server.log')
    try {
      const response = await fetch(`${base}/api/health`)
      if (response.ok) return
    } catch {
      // building, migrating or seeding
    }
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  throw new Error('the site did not become healthy in time')
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
    } satisfies RouteResult
  } finally {
    await browser.close()
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

const main = async () => {
  const port = await freePort()
  const base = `http://localhost:${port}`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starfinity-bench-web-'))
  const site = startSite(port, dataDir)
  const jsCache = new Map<string, number>()
  try {
    console.log(`starting the site on ${base} (builds first when the sources changed)…`)
    await waitUntilHealthy(base, site)
    const floor = await measure(base, FLOOR_ROUTE, jsCache)
    const budget = floor.jsGzipBytes + JS_BUDGET_OVER_FLOOR
    const results: RouteResult[] = []
    for (const route of [...PUBLIC_ROUTES, ...INTERNAL_ROUTES]) {
      results.push(await measure(base, route, jsCache))
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
    }

    console.log(
      `\nfloor (404 page): first-load JS ${kb(floor.jsGzipBytes)} gzip; budget ${kb(budget)}`,
    )
    console.table(
      results.map((r) => ({
        route: r.route,
        status: r.status,
        html: kb(r.htmlBytes),
        'JS gzip': kb(r.jsGzipBytes),
        'over floor': kb(r.jsGzipBytes - floor.jsGzipBytes),
        requests: r.requests,
        cache: r.cached,
        CLS: r.cls,
        'LCP in HTML': r.lcpInHtml ? 'yes' : `NO (${r.lcp})`,
      })),
    )
    fs.mkdirSync(resultsDir, { recursive: true })
    fs.writeFileSync(
      path.join(resultsDir, 'web.json'),
      JSON.stringify({ at: new Date().toISOString(), floor, budget, results, failures }, null, 2),
    )
    if (failures.length > 0) {
      console.log(`\nbudgets missed:\n  ${failures.join('\n  ')}`)
      process.exitCode = 1
    } else {
      console.log('\nevery budget met')
    }
  } finally {
    stopSite(site)
    await new Promise((resolve) => setTimeout(resolve, 2000))
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

await main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
