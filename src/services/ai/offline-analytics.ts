import { EMAIL_TYPES, PRODUCTS, type Product } from '@/lib/constants'
import type { AudienceMetrics } from '@/services/metrics/audience'
import type { EmailMetrics } from '@/services/metrics/email'
import { PERIOD_LABELS, type Period } from '@/services/metrics/periods'

/** Matches a question to the built-in figures and answers with the real numbers. */

export const OFFLINE_PREFIX =
  'Offline assistant (no AI model is configured), from the live figures:'

const PRODUCT_NAMES: Record<Product, string> = {
  'earth-app': 'Earth App',
  publishing: 'Publishing',
  records: 'Records',
  studio: 'Studio',
  universe: 'Universe',
}

const PRODUCT_PATTERNS: [Product, RegExp][] = [
  ['earth-app', /\bearth[\s-]?app\b|\bapp\b|\bearth\b/i],
  ['publishing', /\bpublishing\b|\bbooks?\b/i],
  ['records', /\brecords?\b|\bmusic\b|\blabel\b/i],
  ['studio', /\bstudio\b/i],
  ['universe', /\buniverse\b/i],
]

const PERIOD_PATTERNS: [Period, RegExp][] = [
  ['today', /\btoday\b/i],
  ['thisWeek', /\bthis week\b/i],
  ['last7Days', /\b(last|past) (7|seven) days\b|\b(last|past) week\b/i],
  ['thisMonth', /\bthis month\b/i],
  ['last30Days', /\b(last|past) (30|thirty) days\b|\b(last|past) month\b/i],
]

const periodOf = (question: string): Period =>
  PERIOD_PATTERNS.find(([, pattern]) => pattern.test(question))?.[0] ?? 'allTime'

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

const waitlistAnswer = (question: string, figures: AudienceMetrics, period: Period) => {
  const product = PRODUCT_PATTERNS.find(([, pattern]) => pattern.test(question))?.[0]
  const when = PERIOD_LABELS[period]
  if (product) {
    const counts = figures.waitlist.byProduct[product]
    return (
      `${plural(counts[period], 'person', 'people')} joined the ${PRODUCT_NAMES[product]} waitlist ${when}. ` +
      `All time: ${counts.allTime} (${counts.active} active, ${counts.inactive} inactive).`
    )
  }
  if (/\binactive\b/i.test(question))
    return `${figures.waitlist.byStatus.inactive} waitlist entries are inactive.`
  if (/\bactive\b/i.test(question))
    return `${figures.waitlist.byStatus.active} waitlist entries are active.`
  const byProduct = PRODUCTS.map(
    (key) => `${PRODUCT_NAMES[key]} ${figures.waitlist.byProduct[key][period]}`,
  ).join(', ')
  return `${plural(figures.waitlist.signups[period], 'waitlist signup', 'waitlist signups')} ${when} (${byProduct}).`
}

const DEVICE_PATTERNS: [string, string, RegExp][] = [
  ['mobile', 'on phones', /\bphones?\b|\bmobiles?\b|\bsmartphones?\b/i],
  ['tablet', 'on tablets', /\btablets?\b|\bipads?\b/i],
  ['desktop', 'on desktops', /\bdesktops?\b|\bcomputers?\b|\blaptops?\b/i],
]

/** The slowest page by its real visitors' LCP p75 (of the device asked about, else any). */
const speedAnswer = (question: string, figures: AudienceMetrics) => {
  const device = DEVICE_PATTERNS.find(([, , pattern]) => pattern.test(question))
  const rows = figures.speedLast30Days.byRouteAndDevice.filter(
    (row) => row.lcpMs !== null && (!device || row.device === device[0]),
  )
  const where = device ? device[1] : 'on any device'
  if (rows.length === 0)
    return `Not enough real page views with speed figures ${where} in the last 30 days to say.`
  const slowest = rows.reduce((worst, row) => ((row.lcpMs ?? 0) > (worst.lcpMs ?? 0) ? row : worst))
  return (
    `Slowest page ${where} (last 30 days, 75th percentile of real visits): ${slowest.route}` +
    `${device ? '' : ` on ${slowest.device}`}, LCP ${slowest.lcpMs} ms over ${plural(slowest.views, 'view', 'views')}` +
    `${slowest.inpMs === null ? '' : `, INP ${slowest.inpMs} ms`}${slowest.cls === null ? '' : `, CLS ${slowest.cls}`}.`
  )
}

const AUDIENCE_TOPICS: [RegExp, (q: string, f: AudienceMetrics, p: Period) => string][] = [
  [
    /\bslow|\bfast|\bspeed|vitals|\blcp\b|\binp\b|\bcls\b|load(s|ing)? time/i,
    (q, f) => speedAnswer(q, f),
  ],
  [
    /referr|\bsources?\b|hear about|find us|c[oa]me from/i,
    (_q, f) =>
      `Waitlist referral sources: ${f.waitlist.referralSources.map((s) => `${s.source} ${s.count}`).join(', ') || 'none yet'}.`,
  ],
  [
    /conver/i,
    (_q, f) =>
      `Conversion (waitlist and newsletter signups per 100 page views): ${f.conversion.last7DaysPercent}% in the last 7 days, ${f.conversion.last30DaysPercent}% in the last 30 days.`,
  ],
  [
    /page ?views?|visits?|visitors|traffic|pages?\b/i,
    (_q, f, p) =>
      `${plural(f.pageViews.views[p], 'page view', 'page views')} ${PERIOD_LABELS[p]}. Top pages (30 days): ${f.pageViews.topPagesLast30Days.map((row) => `${row.page} ${row.count}`).join(', ') || 'none yet'}.`,
  ],
  [
    /newsletter|subscri/i,
    (_q, f, p) =>
      `${plural(f.newsletter.signups[p], 'newsletter signup', 'newsletter signups')} ${PERIOD_LABELS[p]}; ${f.newsletter.confirmed} of ${f.newsletter.signups.allTime} subscribers have confirmed.`,
  ],
  [
    /contact|messages?|inquir|unread|repl/i,
    (_q, f, p) =>
      `${plural(f.contacts.received[p], 'contact message', 'contact messages')} ${PERIOD_LABELS[p]}; now ${f.contacts.unread} unread, ${f.contacts.read} read, ${f.contacts.replied} replied.`,
  ],
  [
    /parent|survey/i,
    (_q, f, p) =>
      `${plural(f.parentInsights.received[p], 'parent survey', 'parent surveys')} ${PERIOD_LABELS[p]}.`,
  ],
  [
    /waitlist|sign ?ups?|joined|\bjoin|people|active|earth|app|publishing|records?|studio|universe|music|books?/i,
    waitlistAnswer,
  ],
]

export const offlineAnalyticsAnswer = (question: string, figures: AudienceMetrics) => {
  const period = periodOf(question)
  const match = AUDIENCE_TOPICS.find(([pattern]) => pattern.test(question))
  if (match) return `${OFFLINE_PREFIX} ${match[1](question, figures, period)}`
  return (
    `${OFFLINE_PREFIX} waitlist ${figures.waitlist.signups.allTime} (${figures.waitlist.signups.thisWeek} this week), ` +
    `newsletter ${figures.newsletter.signups.allTime}, contact messages ${figures.contacts.received.allTime} ` +
    `(${figures.contacts.unread} unread), page views in the last 30 days ${figures.pageViews.views.last30Days}. ` +
    `Ask for example "How many people joined the records waitlist this week?" or "Where do signups come from?"`
  )
}

export const offlineEmailAnswer = (question: string, figures: EmailMetrics) => {
  const period = periodOf(question)
  const type = EMAIL_TYPES.find((candidate) => new RegExp(`\\b${candidate}`, 'i').test(question))
  const parts: string[] = []
  if (type) {
    const row = figures.byType[type]
    parts.push(
      `${plural(row.total, `${type} email`, `${type} emails`)} in total (${row.last30Days} in the last 30 days), ${row.opened} opened.`,
    )
  } else if (/\bai\b|generated|composer/i.test(question)) {
    parts.push(
      `${figures.aiGenerated} of ${figures.sent.allTime} emails were written with AI assistance.`,
    )
  } else if (/open/i.test(question)) {
    parts.push(
      `${figures.opened} of ${figures.sent.allTime} emails were opened (${figures.openRatePercent}%).`,
    )
  } else if (/fail|bounce|queue|skip|status|deliver/i.test(question)) {
    parts.push(
      `By status: ${Object.entries(figures.byStatus)
        .map(([status, count]) => `${status} ${count}`)
        .join(', ')}.`,
    )
  } else {
    parts.push(
      `${plural(figures.sent[period], 'email', 'emails')} ${PERIOD_LABELS[period]}; ${figures.opened} opened in total (${figures.openRatePercent}%), ${figures.aiGenerated} written with AI.`,
      `By type: ${EMAIL_TYPES.map((t) => `${t} ${figures.byType[t].total}`).join(', ')}.`,
    )
  }
  return `${OFFLINE_PREFIX} ${parts.join(' ')}`
}
