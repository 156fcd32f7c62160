/**
 * Real-user Web Vitals (decision 0220), loaded by the tracker when the page is idle after its load:
 * LCP, INP, CLS, FCP and TTFB of each page view, sent as one beacon when the page is hidden or a
 * client-side navigation ends the view. Only the route's pattern leaves the browser, never the
 * address.
 */
import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals'

import { routePattern } from '@/lib/routes'
import type { DeviceClass, VitalMetric } from '@/lib/vitals'
import type { VitalsBeacon } from '@/schemas/vitals'

import { sendVitals, whenIdle } from './tracker'

type View = {
  route: VitalsBeacon['route']
  device: DeviceClass
  values: Partial<Record<VitalMetric, number>>
  sent?: boolean
}

/** The view being measured. */
let view: View | undefined
/** The page load's own view: the only one with a load (LCP, FCP, TTFB). */
let loadView: View | undefined
/** Views a client-side navigation ended, sent at the next idle moment (or when the page hides). */
const ended: View[] = []

/**
 * A phone or tablet by its touch screen's size, else a desktop. Read when the view starts: as the
 * page is left (hidden, unloading), Chromium no longer matches `(pointer: coarse)`.
 */
const deviceClass = (): DeviceClass => {
  if (!matchMedia('(pointer: coarse)').matches) return 'desktop'
  return Math.min(screen.width, screen.height) < 600 ? 'mobile' : 'tablet'
}

/** The effective connection type when the browser tells one of CONNECTION_TYPES (lib/vitals). */
const connection = () => {
  const type = (navigator as { connection?: { effectiveType?: string } }).connection?.effectiveType
  return type && /^(slow-2g|[234]g)$/.test(type) ? (type as VitalsBeacon['connection']) : undefined
}

/**
 * A report of the library. CLS and INP are reported as they change (`reportAllChanges`): a view
 * gets the layout shift added while it lasted, and the page's INP when it grew during the view.
 * The load's metrics go to the load's view until its beacon has left: the library reports LCP at
 * an idle moment after the first click, which may be the link that ended the view.
 */
const record = (metric: Metric) => {
  const name = metric.name.toLowerCase() as VitalMetric
  const target = name === 'cls' || name === 'inp' ? view : loadView
  if (!target || target.sent) return
  if (name === 'cls') target.values.cls = (target.values.cls ?? 0) + metric.delta
  else target.values[name] = metric.value
}

/** Sends a view's beacon, once, with what was measured. */
const send = (done: View) => {
  if (done.sent) return
  done.sent = true
  const beacon: VitalsBeacon = {
    route: done.route,
    device: done.device,
    connection: connection(),
  }
  // Within VITAL_RANGES (lib/vitals, written out: this module loads none of its values).
  for (const [name, value] of Object.entries(done.values) as [VitalMetric, number][])
    if (value >= 0 && value <= (name === 'cls' ? 100 : 600_000))
      beacon[name] = name === 'cls' ? Math.round(value * 10000) / 10000 : Math.round(value)
  sendVitals(beacon)
}

/** The page is hidden: every view not yet sent goes now. */
const sendAll = () => {
  ended.splice(0).forEach(send)
  if (view) send(view)
}

/** Starts measuring the view of `page`, ending the view before it (a client-side navigation). */
export const startView = (page: string) => {
  if (view) {
    ended.push(view)
    whenIdle(() => ended.splice(0).forEach(send))
  }
  view = { route: routePattern(page), device: deviceClass(), values: { cls: 0 } }
  if (loadView) return
  loadView = view
  onTTFB(record)
  onFCP(record)
  onLCP(record)
  onCLS(record, { reportAllChanges: true })
  onINP(record, { reportAllChanges: true })
  // After the library's own listeners, so its last reports come first.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sendAll()
  })
  addEventListener('pagehide', sendAll)
}
