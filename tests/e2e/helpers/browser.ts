import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import {
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  chromium,
} from 'playwright-core'
import pg from 'pg'
import { inject } from 'vitest'

import { root } from './server'

export const DESKTOP = { width: 1280, height: 800 }
export const MOBILE = { width: 390, height: 844 }

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * The User-Agent of a person's Chromium. Headless Chromium says "HeadlessChrome", which the site
 * rightly counts as a bot (its page views are not stored); set at launch, so that every request
 * says it, beacons sent while a page unloads included.
 */
let chromiumVersion: string | undefined
export const personsUserAgent = () => {
  chromiumVersion ??=
    /\d+(?:\.\d+){3}/.exec(execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8' }))?.[0] ??
    '156.0.0.0'
  return (
    `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) ` +
    `Chrome/${chromiumVersion} Safari/537.36`
  )
}

const launchOptions = () => ({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', `--user-agent=${personsUserAgent()}`],
})

/**
 * The browser tests' one Chromium (tests/e2e/global-setup.ts), which every test file connects to
 * instead of launching its own: a launch and its first page cost about a second and a half of a
 * busy machine, per file. Each file still gets contexts of its own (nothing is shared between
 * contexts), and closing what `launchBrowser` returns closes them and disconnects.
 */
export const launchBrowserServer = () => chromium.launchServer(launchOptions())

/**
 * Debian's Chromium, headless: the run's shared one when the global setup started it, else one of
 * the caller's own. A remote browser's downloads are read with `createReadStream`, not `path`.
 */
export const launchBrowser = (): Promise<Browser> => {
  const endpoint = inject('browserEndpoint')
  return endpoint ? chromium.connect(endpoint) : chromium.launch(launchOptions())
}

export type OpenedPage = { page: Page; context: BrowserContext; consoleErrors: string[] }

/** A page in a new context on the test server, collecting console errors and page errors. */
export const openPage = async (
  browser: Browser,
  options: { viewport?: { width: number; height: number }; baseURL?: string } = {},
): Promise<OpenedPage> => {
  const context = await browser.newContext({
    baseURL: options.baseURL ?? inject('baseURL'),
    viewport: options.viewport ?? DESKTOP,
  })
  const page = await context.newPage()
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    // "Failed to load resource: …" names no resource: its address is the message's location.
    const { url } = message.location()
    const text = message.text()
    // The sign-in's first step of an account with a second factor is answered 401 (no session
    // yet) with the second step's challenge (decision 0210): the browser reports it as a failed
    // load, though the form goes on to the second step.
    if (/status of 401/.test(text) && /\/api\/admin\/login$/.test(url)) return
    consoleErrors.push(text.startsWith('Failed to load resource') && url ? `${text} ${url}` : text)
  })
  page.on('pageerror', (error) => consoleErrors.push(error.message))
  return { page, context, consoleErrors }
}

/**
 * Opens `path` and waits until the page's scripts have run: the tracker sends the page view only
 * from hydrated client code. The view must be this page's: a page being left sends what it still
 * holds as it goes.
 */
export const gotoStarted = async (page: Page, path: string) => {
  const { pathname } = new URL(path, 'http://site')
  const tracked = page.waitForRequest((request) => {
    if (!request.url().endsWith('/api/engagement/event')) return false
    const body = JSON.parse(request.postData() ?? '{}') as { eventType?: string; page?: string }
    return body.eventType === 'page_view' && body.page === pathname
  })
  const response = await page.goto(path)
  await tracked
  return response
}

/**
 * Resolves once the page's IntersectionObservers have reported on the elements matching `selector`
 * and what their reports start has gone out: an observer of this function's own, made after
 * theirs, has reported on the last of them (observers report in the order they were made); then
 * two frames pass (for a render the report started) and a request of the page's own is answered,
 * by when a request the page made before it has been seen.
 */
export const afterObservers = async (page: Page, selector: string) => {
  await page.evaluate(
    (selector) =>
      new Promise<void>((resolve, reject) => {
        const targets = [...document.querySelectorAll(selector)]
        if (targets.length === 0) return reject(new Error(`nothing matches ${selector}`))
        const observer = new IntersectionObserver(() => {
          observer.disconnect()
          resolve()
        })
        observer.observe(targets.at(-1)!)
      }),
    selector,
  )
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
  await page.evaluate(() => fetch('/robots.txt').then((response) => response.text()))
}

/**
 * Each request of `page` whose path `matches` accepts, by its state as the browser's developer
 * tools report it: 'loading', 'finished' or 'failed: …'. A response whose body the page never
 * reads stays 'loading', and keeps the page from ever being idle (Lighthouse waits for it).
 */
export const requestStates = async (
  context: BrowserContext,
  page: Page,
  matches: (pathname: string) => boolean,
) => {
  const states = new Map<string, string>()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  cdp.on('Network.requestWillBeSent', (event) => {
    if (matches(new URL(event.request.url).pathname)) states.set(event.requestId, 'loading')
  })
  cdp.on('Network.loadingFinished', (event) => {
    if (states.has(event.requestId)) states.set(event.requestId, 'finished')
  })
  cdp.on('Network.loadingFailed', (event) => {
    if (states.has(event.requestId)) states.set(event.requestId, `failed: ${event.errorText}`)
  })
  return states
}

/**
 * Saves a full-page screenshot as test-results/<name>.png, as a visitor who scrolled through the
 * page sees it: images that load as they come near (`loading="lazy"`) are loaded first, and parts
 * drawn as they come near are drawn. Returns
 * the image's size in pixels.
 */
export const screenshot = async (page: Page, name: string) => {
  const dir = path.join(root, 'test-results')
  fs.mkdirSync(dir, { recursive: true })
  await page.evaluate(() =>
    document.querySelectorAll('img[loading="lazy"]').forEach((image) => {
      ;(image as HTMLImageElement).loading = 'eager'
    }),
  )
  // Parts drawn only near the viewport (`content-visibility: auto`, the footer) are drawn too: a
  // full-page capture does not scroll, so it would show them blank.
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' })
  // An image that never answers is shown as it is after ten seconds, not waited for.
  await page
    .waitForFunction(() => [...document.images].every((image) => image.complete), null, {
      timeout: 10_000,
    })
    .catch(() => console.warn(`screenshot ${name}: an image was still loading`))
  const png = await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true })
  // The PNG's IHDR chunk: width and height, big-endian, at bytes 16 and 20.
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

/** A connection of its own to the server's database (the caller ends it). */
export const connectDatabase = async () => {
  const client = new pg.Client({ connectionString: inject('databaseUrl') })
  await client.connect()
  return client
}

/**
 * Stops the browser's clock before the page loads: only `runFor` moves it, so timed steps are
 * exact however slow the machine.
 */
export const stopClock = async ({ clock }: Pick<BrowserContext, 'clock'>) => {
  const start = new Date('2026-06-01T12:00:00Z')
  await clock.install({ time: start })
  await clock.pauseAt(new Date(start.getTime() + 1000))
}

/** Runs SQL on the server's database, to check what a form stored. */
export const query = async <T extends pg.QueryResultRow = Record<string, unknown>>(
  sql: string,
  params: unknown[] = [],
): Promise<T[]> => {
  const client = await connectDatabase()
  try {
    return (await client.query<T>(sql, params)).rows
  } finally {
    await client.end()
  }
}

/** Closes a notice with its button and waits until it is gone: the next one shown is a new one. */
export const closeNotice = async (notice: Locator) => {
  await notice.getByRole('button', { name: 'Close notification' }).click()
  await notice.waitFor({ state: 'detached' })
}

/**
 * Newsletter signups are double opt-in. This stands for the visitor pressing the confirm button:
 * a signup of the address after it is answered as any signup, and the email says "you're already
 * subscribed" (decision 0163).
 */
export const confirmSubscriber = async (email: string) => {
  const rows = await query(
    `update newsletter_subscribers set double_opt_in_confirmed = true, confirmed_at = now()
     where email = $1 returning id`,
    [email.toLowerCase()],
  )
  if (rows.length !== 1) throw new Error(`no subscriber ${email} to confirm`)
}
