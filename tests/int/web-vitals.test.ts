import { sql } from '@payloadcms/db-postgres/drizzle'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import {
  BUCKET_ERROR,
  MIN_VITAL_SAMPLES,
  VITAL_METRICS,
  type VitalMetric,
  ratingOf,
} from '@/lib/vitals'
import { flushAnalytics } from '@/services/analytics/buffer'
import { rollUpWebVitals, speedFigures } from '@/services/metrics/speed'

import { randomIp, startApp, type TestApp } from '../helpers/app'
import { type FakeModel, startFakeModelForApp } from '../helpers/fake-openai'
import { awayFromWindowEdge } from '../helpers/rate-limit'

let app: TestApp
let model: FakeModel

beforeAll(async () => {
  model = await startFakeModelForApp()
  app = await startApp()
})
afterAll(async () => {
  await app?.close()
  await model?.close()
})
beforeEach(() => model.reset())

const db = () => app.payload.db.drizzle
const beacon = (body: unknown, ip?: string) =>
  app.request('POST', '/analytics/vitals', { body, ip })

const GOOD = { route: '/', device: 'mobile', lcp: 1800, inp: 120, cls: 0.05, fcp: 900, ttfb: 300 }

describe('the Web Vitals beacon', () => {
  it('stores a valid beacon through the buffer, with the route pattern and nothing of the visitor', async () => {
    const res = await beacon({ ...GOOD, route: '/insights/[slug]', connection: '4g' })
    expect(res.status, res.text).toBe(201)
    await flushAnalytics(app.payload)
    const [row] = await app.rows<Record<string, unknown>>(
      sql`SELECT * FROM web_vitals WHERE route = '/insights/[slug]' ORDER BY id DESC LIMIT 1`,
    )
    expect(row).toMatchObject({ route: '/insights/[slug]', device: 'mobile', connection: '4g' })
    expect(row.lcp).toBe(1800)
    expect(row.cls).toBeCloseTo(0.05, 6)
    // No column could hold a person: the row's columns are the beacon's and its time.
    expect(Object.keys(row).sort()).toEqual(
      [
        'cls',
        'connection',
        'created_at',
        'device',
        'fcp',
        'id',
        'inp',
        'lcp',
        'route',
        'ttfb',
      ].sort(),
    )
  })

  it.each([
    ['a negative LCP', { lcp: -5 }, 'lcp', 'LCP must be at least 0'],
    ['an LCP that is not a number', { lcp: 'fast' }, 'lcp', 'LCP must be a number'],
    ['a CLS out of range', { cls: 500 }, 'cls', 'CLS must be at most 100'],
    ['an INP of hours', { inp: 10_000_000 }, 'inp', 'INP must be at most 600000'],
    ['a forged route (an address)', { route: '/insights/my-article' }, 'route', 'Unknown route'],
    ['a route that is no route', { route: '/admin' }, 'route', 'Unknown route'],
    [
      'an unknown device',
      { device: 'phone' },
      'device',
      'Device must be mobile, tablet or desktop',
    ],
    ['an unknown connection', { connection: '5g' }, 'connection', 'Unknown connection type'],
    ['an address beside the route', { page: '/insights/x' }, 'body', 'Unknown field: page'],
    ['a session id', { sessionId: 'abc' }, 'body', 'Unknown field: sessionId'],
  ])('refuses %s: 400 naming the field', async (_name, change, field, message) => {
    const before = await app.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM web_vitals`)
    const res = await beacon({ ...GOOD, ...change })
    expect(res.status, res.text).toBe(400)
    expect(res.body.errors[field]).toBe(message)
    expect(res.body.message).toBe(message)
    await flushAnalytics(app.payload)
    expect(await app.rows(sql`SELECT count(*)::int AS n FROM web_vitals`)).toEqual(before)
  })

  it('refuses a beacon with no metric', async () => {
    const res = await beacon({ route: '/', device: 'desktop' })
    expect(res.status).toBe(400)
    expect(res.body.errors.lcp).toBe('A beacon needs at least one metric')
  })

  it('answers 429 after 120 beacons a minute from one address', async () => {
    const ip = randomIp()
    await awayFromWindowEdge('web-vitals', 5_000)
    const answers = await Promise.all(Array.from({ length: 121 }, () => beacon(GOOD, ip)))
    expect(answers.filter((res) => res.status === 201)).toHaveLength(120)
    const limited = answers.filter((res) => res.status === 429)
    expect(limited).toHaveLength(1)
    expect(Number(limited[0].headers.get('retry-after'))).toBeGreaterThan(0)
    // Another address is not limited.
    expect((await beacon(GOOD)).status).toBe(201)
    await flushAnalytics(app.payload)
  })
})

const DAY_MS = 86_400_000
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The nearest-rank 75th percentile of values, as the dashboard defines it. */
const p75 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.ceil(0.75 * sorted.length) - 1]
}

/** A value of a long-tailed spread around `median` (deterministic). */
const spread = (median: number, index: number) =>
  median * Math.exp(Math.sin(index * 12.9898) * 1.2) * (index % 7 === 0 ? 3 : 1)

const MEDIANS: Record<VitalMetric, number> = {
  lcp: 2200,
  inp: 150,
  cls: 0.06,
  fcp: 1200,
  ttfb: 400,
}

/** Within the histogram's error of the exact percentile (or one unit for values under one). */
const expectWithinBucket = (metric: VitalMetric, shown: number | null, exact: number) => {
  expect(shown).not.toBeNull()
  const unit = metric === 'cls' ? 0.001 : 1
  expect(Math.abs(shown! - exact)).toBeLessThanOrEqual(
    Math.max(exact * BUCKET_ERROR * 1.0001, unit),
  )
}

describe('speed figures from the rolled-up histograms', () => {
  const routes = ['/about', '/insights/[slug]']
  const devices = ['mobile', 'desktop']
  const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`)

  beforeAll(async () => {
    await db().execute(sql`TRUNCATE web_vitals, web_vitals_daily`)
    await db().execute(sql`DELETE FROM engagement_rollup_state WHERE name = 'web_vitals'`)
    let index = 0
    const values: ReturnType<typeof sql>[] = []
    for (const [r, route] of routes.entries())
      for (const [d, device] of devices.entries())
        for (let day = 0; day < 3; day++)
          // Phones on the articles are slow; a few views miss some metrics (a soft navigation).
          for (let view = 0; view < 40 + 7 * r + 3 * d; view++) {
            index++
            const slow = route === '/insights/[slug]' && device === 'mobile' ? 2.2 : 1
            const metric = (name: VitalMetric) =>
              view % 9 === 0 && name !== 'cls' && name !== 'inp'
                ? null
                : spread(MEDIANS[name] * slow, index + name.length)
            const at = new Date(today - day * DAY_MS + (view % 24) * 3_600_000 + 1000).toISOString()
            values.push(
              sql`(${route}, ${device}, ${metric('lcp')}, ${metric('inp')}, ${metric('cls')}, ${metric('fcp')}, ${metric('ttfb')}, ${at}::timestamptz)`,
            )
          }
    // Too few: a route with fewer than the minimum.
    for (let view = 0; view < MIN_VITAL_SAMPLES - 1; view++)
      values.push(sql`('/faq', 'tablet', 1000, 100, 0.01, 800, 200, now())`)
    await db()
      .execute(sql`INSERT INTO web_vitals (route, device, lcp, inp, cls, fcp, ttfb, created_at)
      VALUES ${sql.join(values, sql`, `)}`)
  })

  const exactFigures = async (range: { from: string; to: string }) => {
    const stored = await app.rows<Record<string, number | string | null>>(sql`
      SELECT route, device, (created_at AT TIME ZONE 'UTC')::date::text AS day, lcp, inp, cls, fcp, ttfb
      FROM web_vitals WHERE created_at >= ${range.from}::date AND created_at < ${range.to}::date + 1`)
    return stored
  }

  it('gives each p75 within the bucket error of the p75 of the stored beacons, rolled up or not', async () => {
    const range = { from: dateOf(today - 2 * DAY_MS), to: dateOf(today) }
    const before = await speedFigures(app.payload, range)
    expect(await rollUpWebVitals(app.payload)).toBeGreaterThan(0)
    expect(await app.rows(sql`SELECT 1 FROM web_vitals_daily LIMIT 1`)).toHaveLength(1)
    const after = await speedFigures(app.payload, range)
    expect(after).toEqual(before)
    // A second run finds nothing new.
    expect(await rollUpWebVitals(app.payload)).toBe(0)

    const stored = await exactFigures(range)
    for (const route of routes)
      for (const device of devices) {
        const row = after.rows.find((r) => r.route === route && r.device === device)!
        expect(row).toBeDefined()
        for (const metric of VITAL_METRICS) {
          const values = stored
            .filter((s) => s.route === route && s.device === device && s[metric] !== null)
            .map((s) => Number(s[metric]))
          expect(row.metrics[metric].samples).toBe(values.length)
          expectWithinBucket(metric, row.metrics[metric].p75, p75(values))
          expect(row.metrics[metric].rating).toBe(ratingOf(metric, row.metrics[metric].p75!))
        }
      }
    // The daily trend: every route and device of each day.
    for (const day of after.trend) {
      for (const metric of VITAL_METRICS) {
        const values = stored
          .filter((s) => s.day === day.date && s[metric] !== null)
          .map((s) => Number(s[metric]))
        expect(day.metrics[metric].samples).toBe(values.length)
        expectWithinBucket(metric, day.metrics[metric].p75, p75(values))
      }
    }
    // Too few views: the count, no percentile.
    const few = after.rows.find((r) => r.route === '/faq')!
    expect(few.metrics.lcp).toEqual({ p75: null, samples: MIN_VITAL_SAMPLES - 1, rating: null })
  })

  it('counts late beacons once: some rolled up, some not', async () => {
    const range = { from: dateOf(today - 2 * DAY_MS), to: dateOf(today) }
    await db().execute(sql`INSERT INTO web_vitals (route, device, lcp, created_at)
      VALUES ('/about', 'mobile', 90000, now()), ('/about', 'mobile', 91000, now() - interval '1 day')`)
    const mixed = await speedFigures(app.payload, range)
    await rollUpWebVitals(app.payload)
    expect(await speedFigures(app.payload, range)).toEqual(mixed)
    const values = (await exactFigures(range))
      .filter((s) => s.route === '/about' && s.device === 'mobile' && s.lcp !== null)
      .map((s) => Number(s.lcp))
    const row = mixed.rows.find((r) => r.route === '/about' && r.device === 'mobile')!
    expect(row.metrics.lcp.samples).toBe(values.length)
    expectWithinBucket('lcp', row.metrics.lcp.p75, p75(values))
  })

  it('answers GET /api/admin/speed to full and demo admins, 403 to editors, 401 to anonymous', async () => {
    const full = await app.createUser('speed-full', 'full')
    const demo = await app.createUser('speed-demo', 'demo')
    const editor = await app.createUser('speed-editor', 'editor')
    const expected = await speedFigures(app.payload, {
      from: dateOf(today - 6 * DAY_MS),
      to: dateOf(today),
    })
    for (const token of [full, demo]) {
      const res = await app.request('GET', '/admin/speed?days=7', { token })
      expect(res.status, res.text).toBe(200)
      expect(res.body.data).toEqual(JSON.parse(JSON.stringify(expected)))
    }
    expect((await app.request('GET', '/admin/speed?days=7', { token: editor })).status).toBe(403)
    expect((await app.request('GET', '/admin/speed?days=7')).status).toBe(401)
    const bad = await app.request('GET', '/admin/speed?days=0', { token: full })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.days).toBeTruthy()
  })

  it('gives the analytics assistant the same figures to say which page is slowest on phones', async () => {
    const full = await app.createUser('speed-ai', 'full')
    const question = 'Which page is slowest on phones?'
    const res = await app.request('POST', '/admin/ai/analytics', {
      body: { query: question },
      token: full,
    })
    expect(res.status, res.text).toBe(200)
    const user = model.requests[0].body.messages.find((message) => message.role === 'user')!
    const json = user.content.slice(
      user.content.indexOf('{'),
      user.content.lastIndexOf('\n\nQuestion:'),
    )
    const figures = JSON.parse(json) as {
      speedLast30Days: {
        about: string
        byRouteAndDevice: { route: string; device: string; views: number; lcpMs: number | null }[]
      }
    }
    expect(user.content).toContain(question)
    const month = await speedFigures(app.payload, {
      from: dateOf(today - 29 * DAY_MS),
      to: dateOf(today),
    })
    const phones = figures.speedLast30Days.byRouteAndDevice.filter((r) => r.device === 'mobile')
    expect(phones.length).toBe(month.rows.filter((r) => r.device === 'mobile').length)
    for (const row of phones) {
      const shown = month.rows.find((r) => r.route === row.route && r.device === 'mobile')!
      expect(row.views).toBe(shown.views)
      expect(row.lcpMs).toBe(Math.round(shown.metrics.lcp.p75!))
    }
    // The slowest page on phones by LCP is the articles' (they were made slow above).
    const slowest = phones.reduce((a, b) => ((a.lcpMs ?? 0) >= (b.lcpMs ?? 0) ? a : b))
    expect(slowest.route).toBe('/insights/[slug]')
    expect(figures.speedLast30Days.about).toContain('mobile (phones)')
  })
})
