import { sql } from '@payloadcms/db-postgres/drizzle'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { startApp, type TestApp } from '../helpers/app'
import {
  EMAIL_ADDRESS,
  countFromDatabase,
  seedAudience,
  weekStartFromDatabase,
} from '../helpers/ai-data'
import { type FakeModel, startFakeModelForApp } from '../helpers/fake-openai'

let app: TestApp
let model: FakeModel
let full: string

beforeAll(async () => {
  model = await startFakeModelForApp()
  app = await startApp()
  full = await app.createUser('analytics-admin', 'full')
  await seedAudience(app.payload)
})
afterAll(async () => {
  await app?.close()
  await model?.close()
})
beforeEach(() => model.reset())

/** The figures object the model received, parsed back from the prompt. */
const figuresInPrompt = () => {
  const user = model.requests[0].body.messages.find((message) => message.role === 'user')!
  const json = user.content.slice(
    user.content.indexOf('{'),
    user.content.lastIndexOf('\n\nQuestion:'),
  )
  return { figures: JSON.parse(json), prompt: user.content }
}

describe('analytics answers grounded in SQL figures', () => {
  it('sends the computed figures and the question, and no email address', async () => {
    const question = 'How many people joined the records waitlist this week? Ask ops@example.com'
    const res = await app.request('POST', '/admin/ai/analytics', {
      body: { query: question },
      token: full,
    })
    expect(res.status, res.text).toBe(200)
    const { figures, prompt } = figuresInPrompt()
    expect(prompt).toContain('How many people joined the records waitlist this week?')

    const weekStart = (await weekStartFromDatabase(app.payload)).toISOString()
    const recordsThisWeek = await countFromDatabase(
      app.payload,
      sql`SELECT count(*) FROM waitlist_entries WHERE product = 'records' AND joined_at >= ${weekStart}::timestamptz`,
    )
    expect(recordsThisWeek).toBe(3)
    expect(figures.waitlist.byProduct.records.thisWeek).toBe(recordsThisWeek)
    expect(figures.waitlist.byProduct.records.allTime).toBe(
      await countFromDatabase(
        app.payload,
        sql`SELECT count(*) FROM waitlist_entries WHERE product = 'records'`,
      ),
    )
    expect(figures.waitlist.signups.allTime).toBe(
      await countFromDatabase(app.payload, sql`SELECT count(*) FROM waitlist_entries`),
    )
    expect(figures.waitlist.byStatus.active).toBe(
      await countFromDatabase(
        app.payload,
        sql`SELECT count(*) FROM waitlist_entries WHERE status = 'active'`,
      ),
    )
    expect(figures.pageViews.views.allTime).toBe(
      await countFromDatabase(
        app.payload,
        sql`SELECT count(*) FROM engagement_events WHERE event_type = 'page_view'`,
      ),
    )
    expect(figures.waitlist.referralSources).toContainEqual({ source: 'Podcast', count: 3 })
    expect(figures.pageViews.topPagesLast30Days).toContainEqual({ page: '/records', count: 2 })
    expect(figures.contacts.unread).toBe(1)
    // 6 signups (waitlist + newsletter in 7 days) over 4 page views.
    expect(figures.conversion.last7DaysPercent).toBeGreaterThan(0)

    // No address anywhere in what left the server: not from referral text, page paths or the question.
    expect(model.requests[0].raw).not.toMatch(EMAIL_ADDRESS)
    expect(model.requests[0].raw).not.toContain('Chris')
  })

  it('email analysis sends email counts from the log, without addresses', async () => {
    const sent = await app.request('POST', '/admin/ai/send-composed', {
      body: {
        recipientType: 'individual',
        to: 'someone-analyzed@example.com',
        subject: 'Hi',
        content: 'Hello',
      },
      token: full,
    })
    expect(sent.status, sent.text).toBe(200)
    expect(sent.body.queued).toBe(1)
    const res = await app.request('POST', '/admin/emails/analyze', {
      body: { query: 'How many broadcasts did we send?' },
      token: full,
    })
    expect(res.status, res.text).toBe(200)
    const { figures } = figuresInPrompt()
    expect(figures.byType.broadcast.total).toBe(
      await countFromDatabase(
        app.payload,
        sql`SELECT count(*) FROM email_logs WHERE email_type = 'broadcast'`,
      ),
    )
    expect(figures.byType.broadcast.total).toBe(1)
    expect(figures.aiGenerated).toBe(1)
    expect(model.requests[0].raw).not.toMatch(EMAIL_ADDRESS)
  })
})
