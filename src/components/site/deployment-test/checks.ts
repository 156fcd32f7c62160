/**
 * The readiness checks of /deployment-test (spec §4, §7, §9), run in the visitor's browser on the
 * document it is showing. The only calls are one analytics event and HEAD requests for the email
 * logos. See docs/decisions/0057-deployment-test.md.
 */
import { isTrackingAllowed, sessionId } from '@/components/site/tracking/tracker'

import { HOME_SECTIONS } from '../layout/section-links'

export type CheckStatus = 'pass' | 'warning' | 'fail'
export type CheckResult = { name: string; status: CheckStatus; detail: string }

export const LOAD_PASS_MS = 3000
export const LOAD_WARNING_MS = 5000
export const LARGE_IMAGE_PX = 1000
export const LARGE_IMAGES_WARNING_BELOW = 3
export const REPORT_WARNING_BELOW_FAILS = 3

/** The static logos the emails show; the check asks for each with HEAD. */
export const EMAIL_LOGOS = [
  '/images/email/logo-earth-app.png',
  '/images/email/logo-publishing.png',
  '/images/email/logo-records.png',
  '/images/email/logo-universe.png',
] as const

export const META_TAGS = [
  'og:title',
  'og:description',
  'og:image',
  'twitter:card',
  'twitter:title',
] as const

const result = (name: string, status: CheckStatus, detail: string): CheckResult => ({
  name,
  status,
  detail,
})

const metaContent = (key: string) =>
  document
    .querySelector(`meta[property="${key}"], meta[name="${key}"]`)
    ?.getAttribute('content')
    ?.trim()

export const checkMetaTags = (): CheckResult => {
  const missing = META_TAGS.filter((key) => !metaContent(key))
  return missing.length === 0
    ? result('Meta tags', 'pass', `All ${META_TAGS.length} share tags present`)
    : result('Meta tags', 'fail', `Missing: ${missing.join(', ')}`)
}

export const checkNavigationSections = (): CheckResult => {
  const nav = document.querySelector('nav#site-menu')
  const labels = new Set(
    [...(nav?.querySelectorAll('a, button') ?? [])].map((el) =>
      el.textContent?.trim().toLowerCase(),
    ),
  )
  const missing = HOME_SECTIONS.filter((section) => !labels.has(section.label.toLowerCase()))
  return missing.length === 0
    ? result('Navigation sections', 'pass', HOME_SECTIONS.map((s) => s.id).join(', '))
    : result('Navigation sections', 'fail', `Missing: ${missing.map((s) => s.id).join(', ')}`)
}

/** A field is labelled by a <label for>, an enclosing <label>, aria-label or aria-labelledby. */
const isLabelled = (field: HTMLElement) =>
  Boolean(
    field.getAttribute('aria-label')?.trim() ||
    field.getAttribute('aria-labelledby') ||
    field.closest('label') ||
    (field.id && document.querySelector(`label[for="${CSS.escape(field.id)}"]`)),
  )

export const checkForms = (): CheckResult => {
  const forms = [...document.querySelectorAll('form')]
  if (forms.length === 0) return result('Forms', 'pass', 'No form on this page to check')
  const required = forms.flatMap((form) => [
    ...form.querySelectorAll<HTMLElement>('[required], [aria-required="true"]'),
  ])
  const unlabelled = required.filter((field) => !isLabelled(field))
  if (unlabelled.length > 0) {
    return result('Forms', 'fail', `${unlabelled.length} required field(s) without a label`)
  }
  if (required.length === 0) {
    return result('Forms', 'warning', `${forms.length} form(s) without a required field`)
  }
  return result('Forms', 'pass', `${forms.length} form(s), ${required.length} required field(s)`)
}

export const checkViewport = (): CheckResult => {
  const content = document.querySelector('meta[name="viewport"]')?.getAttribute('content') ?? ''
  return /width=device-width/.test(content)
    ? result('Viewport', 'pass', content)
    : result('Viewport', 'fail', content ? `Unexpected: ${content}` : 'No viewport tag')
}

export const checkMobileNavigation = (): CheckResult => {
  const toggle = document.querySelector('button[aria-controls="site-menu"]')
  return toggle && document.getElementById('site-menu')
    ? result('Mobile navigation', 'pass', 'Menu toggle present')
    : result('Mobile navigation', 'fail', 'No menu toggle')
}

export const loadTimeStatus = (ms: number): CheckStatus =>
  ms < LOAD_PASS_MS ? 'pass' : ms < LOAD_WARNING_MS ? 'warning' : 'fail'

export const checkLoadTime = (): CheckResult => {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
  const ms = Math.round(
    navigation && navigation.loadEventEnd > 0 ? navigation.loadEventEnd : performance.now(),
  )
  return result('Page load time', loadTimeStatus(ms), `${ms} ms`)
}

export const largeImagesStatus = (count: number): CheckStatus =>
  count === 0 ? 'pass' : count < LARGE_IMAGES_WARNING_BELOW ? 'warning' : 'fail'

export const checkLargeImages = (): CheckResult => {
  const large = [...document.images].filter((image) => image.naturalWidth > LARGE_IMAGE_PX)
  return result(
    'Large images',
    largeImagesStatus(large.length),
    large.length === 0
      ? `No image wider than ${LARGE_IMAGE_PX} px`
      : `${large.length} image(s) wider than ${LARGE_IMAGE_PX} px`,
  )
}

export const checkAnalytics = async (): Promise<CheckResult> => {
  if (!isTrackingAllowed()) {
    return result('Analytics', 'warning', 'Not sent: Do Not Track or Global Privacy Control is on')
  }
  try {
    const response = await fetch('/api/analytics/track', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        action: 'analyze',
        category: 'admin_action',
        label: 'deployment-test',
        page: location.pathname,
        timestamp: new Date().toISOString(),
        userAgent: navigator.userAgent,
        sessionId: sessionId(),
      }),
    })
    // Read to its end: an answer left unread keeps the request open, and the page never idle.
    await response.arrayBuffer()
    return response.ok
      ? result('Analytics', 'pass', `Event accepted (${response.status})`)
      : result('Analytics', 'fail', `Event refused (${response.status})`)
  } catch {
    return result('Analytics', 'fail', 'Network error')
  }
}

export const checkEmailLogos = async (): Promise<CheckResult> => {
  const answers = await Promise.all(
    EMAIL_LOGOS.map((path) =>
      fetch(path, { method: 'HEAD', credentials: 'include', cache: 'no-store' })
        .then((response) => response.ok)
        .catch(() => false),
    ),
  )
  const missing = EMAIL_LOGOS.filter((_, index) => !answers[index])
  return missing.length === 0
    ? result('Email logos', 'pass', `${EMAIL_LOGOS.length} of ${EMAIL_LOGOS.length} available`)
    : result('Email logos', 'fail', `Unavailable: ${missing.join(', ')}`)
}

/** The checks in the order they are shown (the page lists them before they have run). */
export const CHECK_NAMES = [
  'Meta tags',
  'Navigation sections',
  'Forms',
  'Viewport',
  'Mobile navigation',
  'Page load time',
  'Large images',
  'Analytics',
  'Email logos',
] as const

export const runChecks = async (): Promise<CheckResult[]> => [
  checkMetaTags(),
  checkNavigationSections(),
  checkForms(),
  checkViewport(),
  checkMobileNavigation(),
  checkLoadTime(),
  checkLargeImages(),
  ...(await Promise.all([checkAnalytics(), checkEmailLogos()])),
]

export type OverallStatus = 'READY' | 'READY WITH WARNINGS' | 'NOT READY'

const count = (results: CheckResult[], status: CheckStatus) =>
  results.filter((r) => r.status === status).length

/** The page's status: any fail is NOT READY, any warning READY WITH WARNINGS. */
export const overallStatus = (results: CheckResult[]): OverallStatus =>
  count(results, 'fail') > 0
    ? 'NOT READY'
    : count(results, 'warning') > 0
      ? 'READY WITH WARNINGS'
      : 'READY'

/** The text report's verdict counts fails only: none READY, under three WITH WARNINGS. */
export const reportStatus = (results: CheckResult[]): OverallStatus => {
  const fails = count(results, 'fail')
  return fails === 0
    ? 'READY'
    : fails < REPORT_WARNING_BELOW_FAILS
      ? 'READY WITH WARNINGS'
      : 'NOT READY'
}

export const textReport = (results: CheckResult[], at: Date): string =>
  [
    'Starfinity deployment test',
    `Run: ${at.toISOString()}`,
    `Passed: ${count(results, 'pass')}  Warnings: ${count(results, 'warning')}  Failed: ${count(results, 'fail')}`,
    ...results.map((r) => `[${r.status.toUpperCase()}] ${r.name}: ${r.detail}`),
    `Status: ${reportStatus(results)}`,
  ].join('\n')
