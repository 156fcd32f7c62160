import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'

import { SCROLL_CHECK_MS, SEND_WAIT_MS } from '@/components/site/tracking/tracker'
import { BUCKET_ERROR, VITAL_METRICS, type VitalMetric } from '@/lib/vitals'

import { signIn } from './helpers/admin'
import {
  MOBILE,
  launchBrowser,
  openPage,
  query,
  requestStates,
  screenshot,
} from './helpers/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

type Sent = { path: string; body: Record<string, unknown> }

const TRACKING_PATHS = ['/api/engagement/event', '/api/analytics/track', '/api/analytics/vitals']

/** Every tracking call the context's pages make (fetch and sendBeacon alike). */
const recordTracking = (context: BrowserContext) => {
  const sent: Sent[] = []
  context.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (!TRACKING_PATHS.includes(pathname)) return
    sent.push({ path: pathname, body: JSON.parse(request.postData() ?? '{}') })
  })
  return sent
}

const engagement = (sent: Sent[], eventType: string) =>
  sent.filter((s) => s.path === '/api/engagement/event' && s.body.eventType === eventType)

/** The Web Vitals beacons sent. */
const vitals = (sent: Sent[]) =>
  sent.filter((s) => s.path === '/api/analytics/vitals').map((s) => s.body)

// The view is sent once the page is hydrated: on a busy machine that can take a few seconds.
const HYDRATED = { timeout: 10_000 }

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const sessionIdOf = (page: Page) =>
  page.evaluate(() => sessionStorage.getItem('starfinity-session-id'))

/**
 * Resolves at the page's next idle moment (at most SEND_WAIT_MS away, as the tracker's): one asked
 * for after the tracker's comes after it.
 */
const idleMoment = (page: Page) =>
  page.evaluate(
    (waitMs) => new Promise((resolve) => requestIdleCallback(resolve, { timeout: waitMs })),
    SEND_WAIT_MS,
  )

/** Makes the current page tall enough to scroll through (the tracker measures any page). */
const makeTall = (page: Page) =>
  page.evaluate(() => {
    const filler = document.createElement('div')
    filler.style.height = '6000px'
    document.getElementById('main')?.append(filler)
  })

/**
 * Scrolls to `percent` and resolves once the tracker has checked the depth there: on a timer of
 * the page's own, set once the page's scroll handlers have run and due 600 ms after the tracker's
 * latest check (SCROLL_CHECK_MS at most), then a request of the page's own, by whose answer any
 * tracking request sent before has been seen. However slow the machine, the page runs its timers
 * in order.
 */
const scrollAndRest = async (page: Page, percent: number) => {
  await page.evaluate(
    ([p, restMs]) =>
      new Promise<void>((resolve) => {
        addEventListener('scroll', () => setTimeout(resolve, restMs), { once: true })
        const max = document.documentElement.scrollHeight - window.innerHeight
        window.scrollTo(0, (max * p) / 100)
      }),
    [percent, SCROLL_CHECK_MS + 600] as const,
  )
  await page.evaluate(() => fetch('/robots.txt').then((response) => response.text()))
}

test('a page view after an in-site navigation carries the new page title', async () => {
  const { page, context } = await openPage(browser)
  const sent = recordTracking(context)
  await page.goto('/')
  await expect.poll(() => engagement(sent, 'page_view').length, HYDRATED).toBe(1)
  await page.locator('footer').getByRole('link', { name: 'FAQ', exact: true }).click()
  await page.waitForURL('**/faq')
  await expect.poll(() => engagement(sent, 'page_view').length, HYDRATED).toBe(2)
  const [home, faq] = engagement(sent, 'page_view').map(
    (view) => JSON.parse(view.body.eventData as string) as { title: string },
  )
  expect(faq.title).toBe(await page.title())
  expect(faq.title).toMatch(/FAQ|Questions/i)
  expect(faq.title).not.toBe(home.title)
  await context.close()
})

test('one page view per load, with the spec payload and the tab session id', async () => {
  const { page, context } = await openPage(browser)
  const sent = recordTracking(context)
  await page.goto('/')
  await expect.poll(() => engagement(sent, 'page_view').length, HYDRATED).toBe(1)
  // Something that must not happen has no event to wait for: a second view would come with the
  // first, from the same start, so a bounded wait of a second and a half stands for "never".
  await pause(1500)
  expect(engagement(sent, 'page_view')).toHaveLength(1)

  const [view] = engagement(sent, 'page_view')
  const id = await sessionIdOf(page)
  expect(id).toMatch(/^[0-9a-f-]{36}$/)
  // No User-Agent in the body (the server reduces the request's header); no source on a direct visit.
  expect(view.body).toEqual({
    eventType: 'page_view',
    eventData: expect.any(String),
    page: '/',
    source: 'website',
    sessionId: id,
  })
  expect(JSON.parse(view.body.eventData as string)).toMatchObject({ title: expect.any(String) })

  // A reload is a new load in the same tab session: one more view, the same id.
  await page.reload()
  await expect.poll(() => engagement(sent, 'page_view').length, HYDRATED).toBe(2)
  expect(engagement(sent, 'page_view')[1].body.sessionId).toBe(id)
  expect(await sessionIdOf(page)).toBe(id)

  // The event is stored.
  await expect
    .poll(async () => {
      const rows = await query(
        `select count(*)::int as n from engagement_events where session_id = $1 and event_type = 'page_view'`,
        [id],
      )
      return rows[0].n
    })
    .toBe(2)
  await context.close()
})

test('a visit from another site through a tagged link: its host and tags, the browser in three words', async () => {
  const { page, context } = await openPage(browser)
  const sent = recordTracking(context)
  await page.goto('/faq?utm_source=newsletter&utm_medium=email&utm_campaign=spring-books', {
    referer: 'https://search.example/results?q=starfinity+books',
  })
  await expect.poll(() => engagement(sent, 'page_view').length, HYDRATED).toBe(1)
  const [view] = engagement(sent, 'page_view')
  expect(view.body).toMatchObject({
    page: '/faq',
    referrerHost: 'search.example',
    utmSource: 'newsletter',
    utmMedium: 'email',
    utmCampaign: 'spring-books',
  })
  // Only the host of the referrer leaves the browser: not its path or search.
  expect(JSON.stringify(view.body)).not.toContain('results')
  const id = view.body.sessionId as string
  await expect
    .poll(
      async () => (await query(`select * from engagement_events where session_id = $1`, [id]))[0],
    )
    .toMatchObject({
      referrer_host: 'search.example',
      utm_campaign: 'spring-books',
      browser: expect.stringMatching(/Chrom/),
      os: 'Linux',
      device_type: 'desktop',
    })
  await context.close()
})

test('scroll depth 25, 50, 75 and 90 are sent once each', async () => {
  const { page, context } = await openPage(browser)
  const sent = recordTracking(context)
  await page.goto('/')
  await expect.poll(() => engagement(sent, 'page_view').length, HYDRATED).toBe(1)
  await makeTall(page)
  for (const percent of [30, 55, 80, 95, 10, 100, 60]) await scrollAndRest(page, percent)
  const depths = engagement(sent, 'scroll').map(
    (s) => JSON.parse(s.body.eventData as string).depth as number,
  )
  expect(depths).toEqual([25, 50, 75, 90])
  await context.close()
})

test('time spent at 30 and 60 s, and on leaving via sendBeacon', async () => {
  const { page, context } = await openPage(browser)
  const sent = recordTracking(context)
  // Notes each sendBeacon call (and still sends it), where the next page of the site can read it.
  await context.addInitScript(() => {
    const original = navigator.sendBeacon.bind(navigator)
    navigator.sendBeacon = (url, data) => {
      const calls = JSON.parse(localStorage.getItem('test-beacons') ?? '[]') as string[]
      localStorage.setItem('test-beacons', JSON.stringify([...calls, String(url)]))
      return original(url, data)
    }
  })
  await page.clock.install()
  await page.goto('/')
  await expect.poll(() => engagement(sent, 'page_view').length, HYDRATED).toBe(1)
  const id = await sessionIdOf(page)
  await page.clock.fastForward(30_000)
  await expect.poll(() => engagement(sent, 'time_spent').length).toBe(1)
  await page.clock.fastForward(30_000)
  await expect.poll(() => engagement(sent, 'time_spent').length).toBe(2)
  expect(
    engagement(sent, 'time_spent').map((s) => JSON.parse(s.body.eventData as string).seconds),
  ).toEqual([30, 60])

  // Leaving the page (a full navigation elsewhere) sends the unload event as a beacon (beside
  // the page's Web Vitals, when they were measured).
  await page.goto('/robots.txt')
  const beacons = JSON.parse(
    (await page.evaluate(() => localStorage.getItem('test-beacons'))) ?? '[]',
  ) as string[]
  expect(beacons.filter((url) => !url.endsWith('/api/analytics/vitals'))).toEqual([
    expect.stringMatching(/\/api\/engagement\/event$/),
  ])
  await expect
    .poll(async () => {
      const rows = await query<{ event_data: string }>(
        // Stored in the order the server got them, which two requests in flight need not keep.
        `select event_data from engagement_events where session_id = $1 and event_type = 'time_spent'
          order by event_data::jsonb ? 'unload', (event_data::jsonb ->> 'seconds')::int`,
        [id],
      )
      return rows.map((row) => JSON.parse(row.event_data))
    })
    .toEqual([{ seconds: 30 }, { seconds: 60 }, { seconds: expect.any(Number), unload: true }])
  await context.close()
})

test('time spent before a link inside the site is filed under the page that was left', async () => {
  const { page, context } = await openPage(browser)
  const sent = recordTracking(context)
  await page.clock.install()
  // The page's clock keeps running in real time besides the jump: allow for every second from
  // the page's load to the click, which a busy machine stretches.
  const started = Date.now()
  await page.goto('/')
  await expect.poll(() => engagement(sent, 'page_view').length, HYDRATED).toBe(1)
  const id = await sessionIdOf(page)
  await page.clock.fastForward(16_000)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Records', exact: true }).click()
  await page.waitForURL('**/records')
  const slack = Math.ceil((Date.now() - started) / 1000)
  await expect
    .poll(async () => {
      const rows = await query<{ page: string; event_data: string }>(
        `select page, event_data from engagement_events where session_id = $1 and event_type = 'time_spent' order by id`,
        [id],
      )
      return rows.map((row) => ({ page: row.page, ...JSON.parse(row.event_data) }))
    }, HYDRATED)
    .toEqual([{ page: '/', seconds: expect.any(Number), unload: true }])
  const [{ event_data }] = await query<{ event_data: string }>(
    `select event_data from engagement_events where session_id = $1 and event_type = 'time_spent'`,
    [id],
  )
  const { seconds } = JSON.parse(event_data) as { seconds: number }
  expect(seconds).toBeGreaterThanOrEqual(16)
  expect(seconds).toBeLessThanOrEqual(16 + slack)
  // The new page's own view is filed under its path.
  await expect
    .poll(() => engagement(sent, 'page_view').map((s) => s.body.page), HYDRATED)
    .toEqual(['/', '/records'])
  await context.close()
})

for (const [name, property, value] of [
  ['Global Privacy Control', 'globalPrivacyControl', true],
  ['Do Not Track', 'doNotTrack', '1'],
] as const) {
  test(`nothing is sent with ${name} on`, async () => {
    const { page, context } = await openPage(browser)
    await context.addInitScript(
      ([key, setting]) => {
        Object.defineProperty(Navigator.prototype, key, { get: () => setting, configurable: true })
      },
      [property, value] as const,
    )
    const sent = recordTracking(context)
    await page.goto('/')
    // A page view would be made at the first idle moment after the load: an idle callback of the
    // page's own, asked for after the load, comes after it (and leaving sends anything waiting).
    await idleMoment(page)
    await makeTall(page)
    for (const percent of [50, 100]) await scrollAndRest(page, percent)
    await page.getByRole('button', { name: 'About' }).first().click()
    // Leaving the page: a beacon would be asked for as it unloads, before the blank page is
    // shown; a bounded wait of half a second lets a late one be seen.
    await page.goto('about:blank')
    await pause(500)
    expect(sent).toEqual([])
    await context.close()
  })
}

test('a session id also where crypto.randomUUID is missing (plain http on a LAN address)', async () => {
  const { page, context } = await openPage(browser)
  await context.addInitScript(() => {
    Reflect.deleteProperty(Crypto.prototype, 'randomUUID')
  })
  const sent = recordTracking(context)
  await page.goto('/')
  await expect.poll(() => engagement(sent, 'page_view').length, HYDRATED).toBe(1)
  expect(await page.evaluate(() => typeof crypto.randomUUID)).toBe('undefined')
  const id = await sessionIdOf(page)
  expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  expect(engagement(sent, 'page_view')[0].body.sessionId).toBe(id)
  await context.close()
})

test('a tracking request waits for the browser to be idle, and a page being left sends it at once', async () => {
  const { page, context } = await openPage(browser)
  const sent = recordTracking(context)
  // When each request is made, by the page's own clock.
  await context.addInitScript(() => {
    const fetchOf = window.fetch.bind(window)
    const made: [string, number][] = []
    Object.assign(window, { trackingFetches: made })
    window.fetch = (input, init) => {
      made.push([new URL(String(input), location.href).pathname, performance.now()])
      return fetchOf(input, init)
    }
  })
  await page.goto('/')
  await expect.poll(() => engagement(sent, 'page_view').length, HYDRATED).toBe(1)
  // The page view was asked for as the page hydrated, and made only once the page had loaded.
  const { loaded, viewSent } = await page.evaluate(() => ({
    loaded: performance.getEntriesByType('navigation')[0]!.toJSON().loadEventEnd as number,
    viewSent: (window as { trackingFetches?: [string, number][] }).trackingFetches!.filter(
      ([path]) => path === '/api/engagement/event',
    ),
  }))
  expect(viewSent).toHaveLength(1)
  expect(loaded).toBeGreaterThan(0)
  expect(viewSent[0]![1]).toBeGreaterThanOrEqual(loaded)
  // Each fetch the page makes from here on is written down, in order with the test's own marks.
  const order = await page.evaluate(() => {
    const log: string[] = []
    const fetchOf = window.fetch.bind(window)
    window.fetch = (input, init) => {
      log.push(`fetch ${new URL(String(input), location.href).pathname}`)
      return fetchOf(input, init)
    }
    // The header's About button sends a navigation event when clicked.
    const about = [...document.querySelectorAll<HTMLButtonElement>('#site-menu button')].find(
      (button) => button.textContent === 'About',
    )
    about!.click()
    log.push('click handled')
    window.dispatchEvent(new PageTransitionEvent('pagehide'))
    log.push('pagehide handled')
    return log
  })
  expect(order).toEqual(['click handled', 'fetch /api/analytics/track', 'pagehide handled'])
  const aboutEvents = () =>
    sent.filter((s) => s.path === '/api/analytics/track' && s.body.label === 'about')
  await expect.poll(aboutEvents).toHaveLength(1)
  // Sent once: the request that was waiting is not sent again when its turn comes (an idle
  // callback of the page's own, asked for after the tracker's, runs after it, and a request of its
  // own is answered after).
  await idleMoment(page)
  await page.evaluate(() => fetch('/robots.txt').then((response) => response.text()))
  expect(aboutEvents()).toHaveLength(1)
  await context.close()
})

test('every tracking request is read to its end: none is left loading', async () => {
  const { page, context } = await openPage(browser)
  const sent = recordTracking(context)
  const states = await requestStates(
    context,
    page,
    (pathname) => pathname.startsWith('/api/engagement/') || pathname.startsWith('/api/analytics/'),
  )
  // The waitlist sends its page-load event beside the page view.
  await page.goto('/waitlist')
  await expect.poll(() => engagement(sent, 'page_view').length, HYDRATED).toBe(1)
  await expect.poll(() => states.size, HYDRATED).toBeGreaterThanOrEqual(2)
  await expect
    .poll(() => [...states.values()].filter((state) => state !== 'finished'), HYDRATED)
    .toEqual([])
  await context.close()
})

/**
 * Resolves once the page has loaded its Web Vitals module (loaded when the page is idle after its
 * load): a script of the page that holds the module's device test.
 */
const vitalsLoaded = (page: Page) =>
  expect
    .poll(
      () =>
        page.evaluate(async () => {
          for (const entry of performance.getEntriesByType('resource')) {
            if (!entry.name.endsWith('.js')) continue
            const code = await (await fetch(entry.name)).text()
            if (code.includes('pointer: coarse') && code.includes('largest-contentful-paint'))
              return true
          }
          return false
        }),
      HYDRATED,
    )
    .toBe(true)

const BEACON_FIELDS = ['route', 'device', 'connection', ...VITAL_METRICS]

/**
 * Notes the body of each Web Vitals beacon (and still sends it) where the next page of the site
 * can read it: the browser's request events carry no body for a beacon's Blob.
 */
const noteVitalsBeacons = (context: BrowserContext) =>
  context.addInitScript(() => {
    const texts = new WeakMap<Blob, string>()
    const OriginalBlob = Blob
    window.Blob = class extends OriginalBlob {
      constructor(parts?: BlobPart[], options?: BlobPropertyBag) {
        super(parts, options)
        texts.set(this, (parts ?? []).map(String).join(''))
      }
    }
    const original = navigator.sendBeacon.bind(navigator)
    navigator.sendBeacon = (url, data) => {
      if (String(url).endsWith('/api/analytics/vitals')) {
        const body = data instanceof OriginalBlob ? texts.get(data) : String(data)
        const notes = JSON.parse(localStorage.getItem('test-vitals') ?? '[]') as string[]
        localStorage.setItem('test-vitals', JSON.stringify([...notes, body]))
      }
      return original(url, data)
    }
  })

const notedVitals = async (page: Page) =>
  (
    JSON.parse((await page.evaluate(() => localStorage.getItem('test-vitals'))) ?? '[]') as string[]
  ).map((body) => JSON.parse(body) as Record<string, number | string>)

test('a page view sends one Web Vitals beacon when it ends, with its route pattern; a client-side navigation is a view of its own', async () => {
  const [{ slug }] = await query<{ slug: string }>(
    `select slug from articles where _status = 'published' order by id limit 1`,
  )
  const { page, context } = await openPage(browser)
  const sent = recordTracking(context)
  await noteVitalsBeacons(context)
  await page.goto(`/insights/${slug}`)
  await expect.poll(() => engagement(sent, 'page_view').length, HYDRATED).toBe(1)
  await vitalsLoaded(page)
  await page.locator('h1').first().click()
  await idleMoment(page)
  // Nothing while the view lasts.
  expect(vitals(sent)).toEqual([])

  // A link of the site: a client-side navigation ends the article's view.
  await page.locator('footer').getByRole('link', { name: 'FAQ', exact: true }).click()
  await page.waitForURL('**/faq')
  await expect.poll(() => vitals(sent).length, HYDRATED).toBe(1)
  const [article] = await notedVitals(page)
  // The route's pattern, never the address; no session, nothing but the fields of a beacon.
  expect(article).toMatchObject({ route: '/insights/[slug]', device: 'desktop' })
  expect(JSON.stringify(article)).not.toContain(slug)
  for (const key of Object.keys(article)) expect(BEACON_FIELDS).toContain(key)
  // Plausible values of a page loaded from a server on this machine.
  const { ttfb, fcp, lcp, cls } = article as Record<string, number>
  expect(ttfb).toBeGreaterThan(0)
  expect(fcp).toBeGreaterThanOrEqual(ttfb)
  expect(lcp).toBeGreaterThanOrEqual(fcp)
  expect(lcp).toBeLessThan(60_000)
  expect(cls).toBeGreaterThanOrEqual(0)
  expect(cls).toBeLessThan(1)
  if (article.inp !== undefined) expect(article.inp).toBeLessThan(10_000)

  // Leaving the site: the FAQ's view is sent as the page goes, without the load's metrics.
  await page.goto('/robots.txt')
  // (A request made as a page unloads is not always among the browser's request events: the
  // page's own note of its beacons is read.)
  await expect.poll(async () => (await notedVitals(page)).length, HYDRATED).toBe(2)
  const [, faq] = await notedVitals(page)
  expect(faq).toMatchObject({ route: '/faq', device: 'desktop', cls: expect.any(Number) })
  expect(faq).not.toHaveProperty('lcp')
  expect(faq).not.toHaveProperty('ttfb')
  // One beacon per view: nothing more comes.
  await pause(500)
  expect(await notedVitals(page)).toHaveLength(2)
  expect(vitals(sent).length).toBeLessThanOrEqual(2)

  // Stored as sent.
  await expect
    .poll(async () =>
      query(
        `select route, device, lcp, fcp, ttfb from web_vitals where route = '/insights/[slug]' and lcp = $1 and ttfb = $2`,
        [lcp, ttfb],
      ),
    )
    .toEqual([{ route: '/insights/[slug]', device: 'desktop', lcp, fcp, ttfb }])
  await context.close()
})

test("a phone's view is filed as mobile, also when its beacon goes as the page is left", async () => {
  const context = await browser.newContext({
    baseURL: inject('baseURL'),
    viewport: MOBILE,
    hasTouch: true,
    isMobile: true,
  })
  const page = await context.newPage()
  await noteVitalsBeacons(context)
  await page.goto('/faq')
  await vitalsLoaded(page)
  await page.locator('h1').first().tap()
  await page.goto('/robots.txt')
  await expect.poll(async () => (await notedVitals(page)).length, HYDRATED).toBe(1)
  const [faq] = await notedVitals(page)
  expect(faq).toMatchObject({ route: '/faq', device: 'mobile' })
  await context.close()
})

/** A p75 as the Speed tab writes it ("840 ms", "2.35 s", "0.052"), in ms or the CLS score. */
const shownValue = (text: string) => {
  const [, number, unit] = /^([\d.]+)(?: (ms|s))?$/.exec(text.trim())!
  return Number(number) * (unit === 's' ? 1000 : 1)
}

test('the Speed tab shows the p75 of the stored beacons, per route and device', async () => {
  // Stored beacons of three pages on tablets, from fast to slow; the first one is checked.
  const pages: [string, number][] = [
    ['/characters', 1],
    ['/universe', 1.9],
    ['/community', 3.1],
  ]
  for (const [route, slow] of pages)
    await query(
      `insert into web_vitals (route, device, connection, lcp, inp, cls, fcp, ttfb)
        select $1, 'tablet', '4g', $2::float8 * (900 + 97 * (i % 23)), $2 * (40 + 13 * (i % 11)),
          $2 * 0.01 * (i % 9), $2 * (500 + 61 * (i % 17)), $2 * (120 + 29 * (i % 13))
        from generate_series(1, 36) i`,
      [route, slow],
    )
  const [route] = pages[0]
  const stored = await query<Record<VitalMetric, number | null>>(
    `select lcp, inp, cls, fcp, ttfb from web_vitals where route = $1 and device = 'tablet'
      and created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - interval '6 days'`,
    [route],
  )

  const { page, context } = await openPage(browser, { viewport: { width: 1280, height: 900 } })
  await signIn(page, 'demo')
  await page.goto('/admin?tab=speed&days=7')
  const row = page.locator(`tr[data-route="${route}"][data-device="tablet"]`)
  await row.waitFor()
  for (const metric of VITAL_METRICS) {
    const values = stored
      .map((r) => r[metric])
      .filter((v): v is number => v !== null)
      .sort((a, b) => a - b)
    const exact = values[Math.ceil(0.75 * values.length) - 1]
    const cell = row.locator(`[data-metric="${metric}"]`)
    const [value, count] = await cell.locator('span').allTextContents()
    expect(count).toBe(`${values.length} views`)
    const shown = shownValue(value)
    // The bucket's error, and the rounding of what is written.
    const rounding = metric === 'cls' ? 0.0005 : shown >= 1000 ? 5 : 0.5
    expect(Math.abs(shown - exact)).toBeLessThanOrEqual(exact * BUCKET_ERROR + rounding)
  }
  // The slow page is coloured poor, the fast one good.
  await expect
    .poll(() => row.locator('[data-metric="lcp"]').getAttribute('data-rating'))
    .toBe('good')
  await expect
    .poll(() =>
      page
        .locator('tr[data-route="/community"][data-device="tablet"] [data-metric="lcp"]')
        .getAttribute('data-rating'),
    )
    .toBe('poor')
  await screenshot(page, 'admin-speed')
  await context.close()
})
