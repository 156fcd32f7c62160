import { sql } from '@payloadcms/db-postgres/drizzle'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { seedContent } from '@/seed/content'

import { startApp, type TestApp } from '../helpers/app'
import { countFromDatabase, seedAudience, weekStartFromDatabase } from '../helpers/ai-data'

let app: TestApp
let full: string

beforeAll(async () => {
  // Nothing configured: the offline assistant answers.
  delete process.env.AI_BASE_URL
  delete process.env.AI_API_KEY
  app = await startApp()
  await seedContent(app.payload)
  full = await app.createUser('offline-admin', 'full')
  await seedAudience(app.payload)
})
afterAll(async () => app?.close())

const post = (path: string, body: unknown) => app.request('POST', path, { body, token: full })

describe('offline assistant', () => {
  it('answers "How many people joined the records waitlist this week?" with the real count', async () => {
    const res = await post('/admin/ai/analytics', {
      query: 'How many people joined the records waitlist this week?',
    })
    expect(res.status, res.text).toBe(200)
    const weekStart = (await weekStartFromDatabase(app.payload)).toISOString()
    const expected = await countFromDatabase(
      app.payload,
      sql`SELECT count(*) FROM waitlist_entries WHERE product = 'records' AND joined_at >= ${weekStart}::timestamptz`,
    )
    expect(expected).toBe(3)
    expect(res.body.offline).toBe(true)
    expect(res.body.response).toMatch(/^Offline assistant/)
    expect(res.body.response).toContain(`${expected} people joined the Records waitlist this week.`)
  })

  it('follows the database when it changes', async () => {
    await app.payload.create({
      collection: 'waitlist-entries',
      data: {
        email: 'late-joiner@example.com',
        name: 'Late',
        product: 'records',
        status: 'inactive',
      },
    })
    const res = await post('/admin/ai/analytics', {
      query: 'how many joined the Records waitlist this week',
    })
    expect(res.body.response).toContain('4 people joined the Records waitlist this week.')
  })

  it('answers other questions from the figures', async () => {
    const referrals = await post('/admin/ai/analytics', { query: 'Where do signups come from?' })
    expect(referrals.body.response).toContain('Podcast 3')
    expect(referrals.body.response).not.toMatch(/@/)
    const contacts = await post('/admin/ai/analytics', { query: 'How many unread messages?' })
    expect(contacts.body.response).toContain('1 unread')
    const other = await post('/admin/ai/analytics', { query: 'Tell me something' })
    expect(other.body.response).toContain('How many people joined the records waitlist')
  })

  it('analyzes the email history with real numbers', async () => {
    await post('/admin/ai/send-composed', {
      recipientType: 'individual',
      to: 'offline-reader@example.com',
      subject: 'Hello',
      content: 'Hi',
    })
    const total = await countFromDatabase(app.payload, sql`SELECT count(*) FROM email_logs`)
    const ai = await countFromDatabase(
      app.payload,
      sql`SELECT count(*) FROM email_logs WHERE ai_generated`,
    )
    const res = await post('/admin/emails/analyze', { query: 'How many AI generated emails?' })
    expect(res.status, res.text).toBe(200)
    expect(res.body).toMatchObject({ success: true, offline: true, data: { offline: true } })
    expect(res.body.data.analysis).toContain(`${ai} of ${total} emails were written with AI`)
  })

  it('suggests a subject drawn from the content', async () => {
    const html = await post('/admin/ai/subject', {
      content: '<div><h1>Dune’s theme song is here</h1><p>Dear friends, listen today.</p></div>',
      type: 'broadcast',
    })
    expect(html.status, html.text).toBe(200)
    expect(html.body).toMatchObject({ subject: 'Dune’s theme song is here', offline: true })
    expect(html.body.note).toMatch(/offline assistant/i)
    const text = await post('/admin/ai/subject', {
      content: 'Dear Friend,\n\nOur second book is almost ready. We cannot wait to share it.',
      type: 'newsletter',
    })
    expect(text.body.subject).toBe('Our second book is almost ready')
  })

  it('drafts a reply that names the sender and keeps the brand promise', async () => {
    const res = await post('/admin/ai/compose-reply', {
      originalMessage: 'I read Dune to my daughter every night. Will there be a second book?',
      senderName: 'Priya Natarajan',
      originalSubject: 'feedback',
      context: 'contact_reply',
    })
    expect(res.status, res.text).toBe(200)
    expect(res.body.offline).toBe(true)
    const draft: string = res.body.data.content
    expect(draft).toMatch(/^Dear Priya,/)
    expect(draft).toContain('Feedback & Suggestions')
    expect(draft).toContain('24-48 hours')
    expect(draft).toContain('Dune and the Big Ears')
    expect(draft).toContain('https://linktr.ee/starfinity')
  })

  it('chat writes a first draft on the topic and says it is the offline assistant', async () => {
    const res = await post('/admin/ai/chat', {
      message: 'Write a newsletter about the new theme song',
      type: 'newsletter',
      conversationHistory: [],
    })
    expect(res.status, res.text).toBe(200)
    expect(res.body.offline).toBe(true)
    expect(res.body.response).toMatch(/^Offline assistant/)
    expect(res.body.response).toContain('the new theme song')
    expect(typeof res.body.timestamp).toBe('string')
  })
})
