import { sql } from '@payloadcms/db-postgres/drizzle'
import type { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import * as trafficMigration from '@/migrations/20261124_003121_traffic_sources'
import { bufferedAnalyticsRows, flushAnalytics } from '@/services/analytics/buffer'

import { randomIp, startApp, type TestApp } from '../helpers/app'

vi.hoisted(() => {
  delete process.env.SMTP_URL
})

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/126.0.0.0 Mobile Safari/537.36'
const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Version/17.5 Mobile/15E148 Safari/604.1'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

let app: TestApp
let admin: string
beforeAll(async () => {
  app = await startApp()
  admin = await app.createUser('traffic-admin', 'full')
})
afterAll(async () => app?.close())

let session = 0
const view = (userAgent: string, fields: Record<string, string> = {}, eventType = 'page_view') => {
  const sessionId = `traffic-${Date.now()}-${session++}`
  return app
    .request('POST', '/engagement/event', {
      body: { eventType, page: '/books', sessionId, ...fields },
      headers: { 'user-agent': userAgent },
      ip: randomIp(),
    })
    .then((res) => ({ res, sessionId }))
}

const stored = async (sessionId: string) =>
  app.rows<Record<string, string | null>>(
    sql`SELECT * FROM engagement_events WHERE session_id = ${sessionId}`,
  )

describe('where visitors come from', () => {
  it('a page view keeps the source, the UTM tags and browser, OS and device — never the User-Agent', async () => {
    const { res, sessionId } = await view(CHROME_ANDROID, {
      page: '/books?q=my+name&utm_source=newsletter#top',
      referrerHost: 'Search.Example.COM',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring-books',
    })
    expect(res.status).toBe(201)
    const [row] = await stored(sessionId)
    expect(row).toMatchObject({
      page: '/books',
      referrer_host: 'search.example.com',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring-books',
      browser: 'Chrome',
      os: 'Android',
      device_type: 'mobile',
    })
    expect('user_agent' in row).toBe(false)
    expect(JSON.stringify(row)).not.toMatch(/Pixel|126\.0|AppleWebKit/)

    const tablet = await view(IPAD)
    expect((await stored(tablet.sessionId))[0]).toMatchObject({ device_type: 'tablet' })
    const desktop = await view(FIREFOX_WINDOWS)
    expect((await stored(desktop.sessionId))[0]).toMatchObject({
      browser: 'Firefox',
      os: 'Windows',
      device_type: 'desktop',
    })
  })

  it('only page views carry a source', async () => {
    const { res, sessionId } = await view(
      FIREFOX_WINDOWS,
      { referrerHost: 'elsewhere.example', utmCampaign: 'spring-books' },
      'scroll',
    )
    expect(res.status).toBe(201)
    expect((await stored(sessionId))[0]).toMatchObject({ referrer_host: null, utm_campaign: null })
  })

  it('a full address as the referrer host is refused, naming the field', async () => {
    const { res } = await view(FIREFOX_WINDOWS, { referrerHost: 'https://search.example/?q=me' })
    expect(res.status).toBe(400)
    expect(res.body.errors.referrerHost).toBe('Referrer host must be a host name')
  })

  it('bots are answered 204 and not counted; their bad input is still a 400', async () => {
    const { res, sessionId } = await view(GOOGLEBOT)
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    expect(await stored(sessionId)).toEqual([])
    expect((await view(GOOGLEBOT, { referrerHost: 'not a host' })).res.status).toBe(400)

    await flushAnalytics(app.payload)
    const track = await app.request('POST', '/analytics/track', {
      body: { action: 'click', category: 'navigation', page: '/' },
      headers: { 'user-agent': GOOGLEBOT },
      ip: randomIp(),
    })
    expect(track.status).toBe(204)
    expect(bufferedAnalyticsRows()).toBe(0)
  })

  it('the Overview counts sources, campaigns and devices in the chosen range', async () => {
    await app.payload.db.drizzle.execute(sql`DELETE FROM engagement_events`)
    await view(CHROME_ANDROID, { referrerHost: 'search.example' })
    await view(CHROME_ANDROID, { referrerHost: 'search.example' })
    await view(FIREFOX_WINDOWS, { utmSource: 'newsletter', utmCampaign: 'spring-books' })
    await view(FIREFOX_WINDOWS)
    // Forty days ago: inside 90 days, outside 30.
    const old = await view(IPAD, { referrerHost: 'old.example', utmCampaign: 'winter' })
    await app.payload.db.drizzle.execute(sql`UPDATE engagement_events
      SET created_at = now() - interval '40 days' WHERE session_id = ${old.sessionId}`)

    const overview = async (days: number) => {
      const res = await app.request('GET', `/admin/overview?days=${days}`, { token: admin })
      expect(res.status).toBe(200)
      return res.body.data
    }
    const month = await overview(30)
    expect(month.sources).toEqual([
      { label: 'search.example', count: 2 },
      { label: 'Direct', count: 1 },
      { label: 'newsletter', count: 1 },
    ])
    expect(month.campaigns).toEqual([{ label: 'spring-books', count: 1 }])
    expect(month.devices).toEqual([
      { label: 'desktop', count: 2 },
      { label: 'mobile', count: 2 },
    ])
    const quarter = await overview(90)
    expect(quarter.sources).toContainEqual({ label: 'old.example', count: 1 })
    expect(quarter.campaigns).toEqual([
      { label: 'spring-books', count: 1 },
      { label: 'winter', count: 1 },
    ])
    expect(quarter.devices).toContainEqual({ label: 'tablet', count: 1 })
  })

  it('the migration converts stored events: browser kept, bots deleted, queries and referrers cut', async () => {
    const db = app.payload.db.drizzle
    const args = { db, payload: app.payload, req: {} } as unknown as MigrateDownArgs & MigrateUpArgs
    // The indexes this migration made that a later one dropped (the rollups made them unused):
    // back for its down, gone again after its up.
    const laterDropped = ['device_type', 'referrer_host', 'utm_campaign']
    for (const column of laterDropped)
      await db.execute(
        sql.raw(`CREATE INDEX engagement_events_${column}_idx ON engagement_events (${column})`),
      )
    await trafficMigration.down(args)
    await db.execute(sql`DELETE FROM engagement_events`)
    await db.execute(sql`DELETE FROM analytics_events`)
    await db.execute(sql`
      INSERT INTO engagement_events (event_type, page, event_data, user_agent, session_id)
      VALUES ('page_view', '/faq?email=me@example.com', '{"title":"FAQ","referrer":"https://search.example/?q=me"}', ${CHROME_ANDROID}, 'm1'),
             ('page_view', '/', 'not json', ${GOOGLEBOT}, 'm2'),
             ('scroll', '/', '{"depth":50}', NULL, 'm3')`)
    await db.execute(sql`
      INSERT INTO analytics_events (action, category, page, user_agent, session_id, timestamp)
      VALUES ('click', 'navigation', '/', ${FIREFOX_WINDOWS}, 'm4', now())`)
    await trafficMigration.up(args)
    for (const column of laterDropped)
      await db.execute(sql.raw(`DROP INDEX engagement_events_${column}_idx`))

    const events = await app.rows<Record<string, string | null>>(
      sql`SELECT session_id, page, event_data, browser, os, device_type, referrer_host
        FROM engagement_events ORDER BY session_id`,
    )
    expect(events).toEqual([
      {
        session_id: 'm1',
        page: '/faq',
        event_data: '{"title":"FAQ"}',
        browser: 'Chrome',
        os: 'Android',
        device_type: 'mobile',
        referrer_host: 'search.example',
      },
      {
        session_id: 'm3',
        page: '/',
        event_data: '{"depth":50}',
        browser: null,
        os: null,
        device_type: 'other',
        referrer_host: null,
      },
    ])
    expect(
      await app.rows(
        sql`SELECT browser, os, device_type FROM analytics_events WHERE session_id = 'm4'`,
      ),
    ).toEqual([{ browser: 'Firefox', os: 'Windows', device_type: 'desktop' }])
    const columns = await app.rows(sql`SELECT table_name FROM information_schema.columns
      WHERE column_name = 'user_agent' AND table_name IN ('engagement_events', 'analytics_events')`)
    expect(columns).toEqual([])
  })
})
