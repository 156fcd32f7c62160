import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import type { Product } from '@/lib/constants'

import { uniqueEmail } from './app'

const DAY = 86_400_000

/** Monday 00:00 UTC of the current week, computed by PostgreSQL itself (independent of the app). */
export const weekStartFromDatabase = async (payload: Payload): Promise<Date> => {
  const result = await payload.db.drizzle.execute(
    sql`SELECT (date_trunc('week', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS start`,
  )
  return new Date((result.rows[0] as { start: string | Date }).start)
}

export const countFromDatabase = async (payload: Payload, query: ReturnType<typeof sql>) =>
  Number(((await payload.db.drizzle.execute(query)).rows[0] as { count: string }).count)

export const addWaitlistEntry = (
  payload: Payload,
  product: Product,
  joinedAt: Date,
  extra: { referralSource?: string; status?: 'active' | 'inactive'; email?: string } = {},
) =>
  payload.create({
    collection: 'waitlist-entries',
    data: {
      email: extra.email ?? uniqueEmail('wl'),
      name: 'Test Person',
      product,
      joinedAt: joinedAt.toISOString(),
      status: extra.status ?? 'inactive',
      referralSource: extra.referralSource,
    },
  })

export const addPageView = (payload: Payload, page: string, at = new Date()) =>
  payload.db.drizzle.execute(sql`
    INSERT INTO engagement_events (event_type, page, session_id, created_at, updated_at)
    VALUES ('page_view', ${page}, 'anonymous', ${at.toISOString()}::timestamptz, now())`)

/**
 * A small audience with addresses in every free-text place a visitor controls (referral source,
 * page path), so tests can check none of them reaches a prompt.
 */
export const seedAudience = async (payload: Payload) => {
  const weekStart = await weekStartFromDatabase(payload)
  const now = new Date()
  const beforeThisWeek = new Date(weekStart.getTime() - DAY)
  for (let i = 0; i < 3; i++)
    await addWaitlistEntry(payload, 'records', now, { referralSource: 'Podcast' })
  await addWaitlistEntry(payload, 'records', beforeThisWeek, { status: 'active' })
  await addWaitlistEntry(payload, 'records', new Date(weekStart.getTime() - 40 * DAY))
  await addWaitlistEntry(payload, 'publishing', now, {
    referralSource: 'my friend leak-ref@example.com',
  })
  await addWaitlistEntry(payload, 'earth-app', beforeThisWeek, { status: 'active' })
  await payload.create({
    collection: 'newsletter-subscribers',
    data: { email: uniqueEmail('nl'), firstName: 'Nia', doubleOptInConfirmed: true },
  })
  await payload.create({
    collection: 'contact-messages',
    data: {
      name: 'Chris',
      email: 'leak-contact@example.com',
      subject: 'feedback',
      message: 'Please write to leak-contact@example.com soon.',
      status: 'unread',
      priority: 'normal',
    },
  })
  for (const page of ['/', '/records', '/records', '/contact?email=leak-page@example.com'])
    await addPageView(payload, page)
}

export const EMAIL_ADDRESS = /[\w.+-]+@[\w-]+\.[\w.-]+/
