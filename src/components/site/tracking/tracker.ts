/**
 * Anonymous visitor tracking (spec §4, §7, §9), browser only. Nothing is sent when Do Not Track or
 * Global Privacy Control is on; failures are only logged; nothing here ever delays rendering.
 */
import type { AnalyticsEventInput, EngagementEventInput } from '@/schemas/events'
import type { ENGAGEMENT_EVENT_TYPES } from '@/lib/constants'
import type { VitalsBeacon } from '@/schemas/vitals'

export const SCROLL_DEPTHS = [25, 50, 75, 90] as const
export const TIME_MARKS_S = [30, 60, 120, 300] as const
export const SCROLL_CHECK_MS = 1000
const SESSION_KEY = 'starfinity-session-id'

type EngagementType = (typeof ENGAGEMENT_EVENT_TYPES)[number]

export const isTrackingAllowed = () => {
  if (typeof window === 'undefined') return false
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string }
  const dnt = nav.doNotTrack ?? (window as { doNotTrack?: string }).doNotTrack ?? nav.msDoNotTrack
  return dnt !== '1' && dnt !== 'yes' && nav.globalPrivacyControl !== true
}

/** A random v4 UUID; also over plain http, where `crypto.randomUUID` does not exist. */
const randomId = () => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6] & 0x0f) | 0x40
  bytes[8] = (bytes[8] & 0x3f) | 0x80
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** One id per browser tab session; 'anonymous' when storage is unavailable. */
export const sessionId = () => {
  try {
    let id = sessionStorage.getItem(SESSION_KEY)
    if (!id) {
      id = randomId()
      sessionStorage.setItem(SESSION_KEY, id)
    }
    return id
  } catch {
    return 'anonymous'
  }
}

/** Requests waiting for a quiet moment, oldest first. */
const waiting: (() => void)[] = []
const sendWaiting = () => waiting.splice(0).forEach((post) => post())

// A page being left sends what is waiting at once: keepalive requests outlive the page.
if (typeof window !== 'undefined') window.addEventListener('pagehide', sendWaiting)

/** How long a waiting request may wait for the browser to be idle, once the page has loaded. */
export const SEND_WAIT_MS = 1000
/** A page still loading after this long sends anyway. */
const LOAD_WAIT_MS = 3000

export const whenIdle = (run: () => void) =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(run, { timeout: SEND_WAIT_MS })
    : setTimeout(run, 0)

/** Sends the oldest waiting request, and asks for another idle moment for the next one. */
const sendOne = () => {
  waiting.shift()?.()
  if (waiting.length > 0) whenIdle(sendOne)
}

/**
 * Runs `post` when the browser is idle, one request per idle moment, and not before the page has
 * loaded: a page's first request is a synchronous call to a browser that is still busy loading the
 * page (docs/benchmarks.md), and a click's handler returns before its request is made.
 */
const whenQuiet = (post: () => void) => {
  if (waiting.push(post) > 1) return
  if (document.readyState === 'complete') return void whenIdle(sendOne)
  let started = false
  const start = () => {
    if (started) return
    started = true
    clearTimeout(timer)
    whenIdle(sendOne)
  }
  const timer = setTimeout(start, LOAD_WAIT_MS)
  window.addEventListener('load', start, { once: true })
}

/**
 * `body` gets the tab's session id (made by the first event of a tab, which tests wait for), unless
 * `anonymous` (Web Vitals carry no session).
 */
const send = (path: string, body: Record<string, unknown>, beacon = false, anonymous = false) => {
  if (!isTrackingAllowed()) return
  const json = JSON.stringify(anonymous ? body : { ...body, sessionId: sessionId() })
  if (beacon && navigator.sendBeacon?.(path, new Blob([json], { type: 'application/json' }))) return
  whenQuiet(() =>
    fetch(path, {
      method: 'POST',
      credentials: 'include',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: json,
    })
      .then(async (response) => {
        if (!response.ok) console.warn(`tracking: ${path} answered ${response.status}`)
        // Read to its end: a response whose body is never read stays open (the browser's
        // developer tools and Lighthouse see a request still loading, the page never quiet).
        await response.arrayBuffer()
      })
      .catch((error: unknown) => console.warn('tracking failed', error)),
  )
}

type Origin = Pick<EngagementEventInput, 'referrerHost' | 'utmSource' | 'utmMedium' | 'utmCampaign'>

/**
 * Where this page view came from: the host of another site that linked here (never the full
 * address, which can carry a search or a person's page) and the link's UTM tags.
 */
export const visitOrigin = (): Origin => {
  const origin: Origin = {}
  try {
    const host = document.referrer ? new URL(document.referrer).hostname.toLowerCase() : ''
    if (host && host !== location.hostname.toLowerCase()) origin.referrerHost = host
  } catch {
    // An unreadable referrer is no source.
  }
  const params = new URLSearchParams(location.search)
  const tag = (name: string) => params.get(name)?.trim().slice(0, 100) || undefined
  origin.utmSource = tag('utm_source')
  origin.utmMedium = tag('utm_medium')
  origin.utmCampaign = tag('utm_campaign')
  return origin
}

export const trackEngagement = (
  eventType: EngagementType,
  eventData: Record<string, unknown> = {},
  options: { beacon?: boolean; source?: string; page?: string; origin?: Origin } = {},
) =>
  send(
    '/api/engagement/event',
    {
      eventType,
      eventData: JSON.stringify(eventData),
      page: options.page ?? location.pathname,
      source: options.source ?? 'website',
      ...options.origin,
    },
    options.beacon,
  )

export const trackAnalytics = (
  event: Pick<AnalyticsEventInput, 'action' | 'category' | 'label' | 'value'>,
  options: { beacon?: boolean } = {},
) =>
  send(
    '/api/analytics/track',
    {
      ...event,
      page: location.pathname,
      timestamp: new Date().toISOString(),
    },
    options.beacon,
  )

/** One page view's Web Vitals, as a beacon (decision 0220). */
export const sendVitals = (beacon: VitalsBeacon) =>
  send('/api/analytics/vitals', beacon, true, true)

/**
 * Web Vitals are measured on this share of page loads (decided once per load), by a module loaded
 * when the page is idle after its load, so it adds nothing to the page's start.
 */
let vitals: Promise<typeof import('./vitals')> | null | undefined
const measureVitals = (page: string, sampleRate: number) => {
  vitals ??=
    Math.random() * 100 < sampleRate
      ? new Promise<void>((resolve) => whenQuiet(resolve)).then(() => import('./vitals'))
      : null
  void vitals?.then((module) => module.startView(page)).catch(() => undefined)
}

/** Percentage of the page the visitor has seen (100 when it fits the window). */
export const scrollDepth = () => {
  const max = document.documentElement.scrollHeight - window.innerHeight
  return max <= 0 ? 100 : Math.round((window.scrollY / max) * 100)
}

/** The title the last page view carried. */
let lastTitle: string | undefined
/** How long a page view waits for its page's title after a client navigation. */
export const TITLE_WAIT_MS = 1000

/**
 * Calls `send` with the page's title once it is this page's: at once on a load (the title is in
 * the HTML); after a client navigation, when the title changes from the page before's (Next.js
 * writes the new title as the page streams in, a moment after the address), or after
 * TITLE_WAIT_MS when it stays the same. The function it returns sends at once what is still
 * waiting (the visitor moved on before the title came).
 */
const whenTitled = (send: (title: string) => void) => {
  const isNew = () => document.title !== '' && document.title !== lastTitle
  const sendNow = () => {
    lastTitle = document.title
    send(document.title)
  }
  if (lastTitle === undefined || isNew()) {
    sendNow()
    return () => undefined
  }
  let isSent = false
  const done = () => {
    if (isSent) return
    isSent = true
    observer.disconnect()
    clearTimeout(timer)
    sendNow()
  }
  const observer = new MutationObserver(() => {
    if (isNew()) done()
  })
  observer.observe(document.documentElement, {
    subtree: true,
    childList: true,
    characterData: true,
  })
  const timer = setTimeout(done, TITLE_WAIT_MS)
  return done
}

/**
 * Per page: the view once, scroll depths once each (checked at most once a second), time spent
 * at the marks and when the visitor leaves, and on the sampled share of page loads its Web Vitals.
 * Returns the function that ends it.
 */
export const trackPage = ({ vitalsSampleRate = 100 }: { vitalsSampleRate?: number } = {}) => {
  if (!isTrackingAllowed()) return () => undefined
  const started = Date.now()
  // Filed under this page even when sent after a client navigation has changed the address.
  const page = location.pathname
  measureVitals(page, vitalsSampleRate)
  const origin = visitOrigin()
  const stopWaiting = whenTitled((title) =>
    trackEngagement('page_view', { title }, { page, origin }),
  )

  const reached = new Set<number>()
  let lastCheck = 0
  let trailing: ReturnType<typeof setTimeout> | undefined
  const check = () => {
    lastCheck = Date.now()
    const depth = scrollDepth()
    for (const mark of SCROLL_DEPTHS) {
      if (depth >= mark && !reached.has(mark)) {
        reached.add(mark)
        trackEngagement('scroll', { depth: mark }, { page })
      }
    }
  }
  const onScroll = () => {
    const wait = SCROLL_CHECK_MS - (Date.now() - lastCheck)
    if (wait <= 0) return check()
    clearTimeout(trailing)
    trailing = setTimeout(check, wait)
  }
  window.addEventListener('scroll', onScroll, { passive: true })

  const timers = TIME_MARKS_S.map((seconds) =>
    setTimeout(() => trackEngagement('time_spent', { seconds }, { page }), seconds * 1000),
  )
  const leave = (beacon: boolean) =>
    trackEngagement(
      'time_spent',
      { seconds: Math.round((Date.now() - started) / 1000), unload: true },
      { beacon, page },
    )
  const onPageHide = () => leave(true)
  window.addEventListener('pagehide', onPageHide)

  return () => {
    stopWaiting()
    window.removeEventListener('scroll', onScroll)
    window.removeEventListener('pagehide', onPageHide)
    clearTimeout(trailing)
    timers.forEach(clearTimeout)
    leave(false)
  }
}
