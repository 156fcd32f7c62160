import { sql } from '@payloadcms/db-postgres/drizzle'

import type { TestApp } from './app'
import { uniqueEmail } from './app'

export type Seeded = {
  waitlistId: number
  subscriberId: number
  contactId: number
  parentId: number
  emailLogId: number
  emails: string[]
}

/** One row of every list the dashboard shows, with personal data to mask. */
export const seedOneOfEach = async (app: TestApp): Promise<Seeded> => {
  const { payload } = app
  const emails = Array.from({ length: 5 }, (_, i) => uniqueEmail(`person${i}`))
  const waitlist = await payload.create({
    collection: 'waitlist-entries',
    data: {
      email: emails[0],
      name: 'Ada Lovelace',
      product: 'records',
      status: 'inactive',
      interests: ['Sustainability', 'Music & Healing'],
      referralSource: 'Podcast',
    },
  })
  const subscriber = await payload.create({
    collection: 'newsletter-subscribers',
    data: {
      email: emails[1],
      firstName: 'Grace',
      interests: ['universe', 'wild'],
      consentIp: '203.0.113.7',
    },
  })
  const contact = await payload.create({
    collection: 'contact-messages',
    data: {
      name: 'Alan Turing',
      email: emails[2],
      subject: 'collaboration',
      message: `Please write back to me at ${emails[2]} about the book.`,
      tags: ['press'],
      status: 'unread',
      priority: 'normal',
    },
  })
  const parent = await payload.create({
    collection: 'parent-engagements',
    data: {
      name: 'Mary Parent',
      email: emails[3],
      childAge: '5-6',
      familyWish: 'More time outside together',
      interests: ['parenting', 'nature'],
    },
  })
  const log = await payload.create({
    collection: 'email-logs',
    data: {
      toEmail: emails[4],
      fromEmail: 'hello@starfinity.example',
      subject: 'Welcome',
      message: `Dear ${emails[4]}, welcome.`,
      htmlContent: '<p>Welcome</p>',
      emailType: 'newsletter',
      status: 'sent',
      aiGenerated: true,
      tags: ['launch'],
      notes: 'First send',
    },
  })
  return {
    waitlistId: waitlist.id,
    subscriberId: subscriber.id,
    contactId: contact.id,
    parentId: parent.id,
    emailLogId: log.id,
    emails,
  }
}

/** `count` waitlist entries in one insert (generate_series), spread over products and days. */
export const seedWaitlistRows = async (app: TestApp, count: number, tag: string) => {
  await app.payload.db.drizzle.execute(sql`
    INSERT INTO waitlist_entries (email, name, product, status, joined_at, referral_source)
    SELECT ${tag} || '-' || n || '@bulk.example', 'Bulk ' || n,
      (ARRAY['earth-app','publishing','records','studio','universe'])[1 + n % 5]::enum_waitlist_entries_product,
      (CASE WHEN n % 3 = 0 THEN 'active' ELSE 'inactive' END)::enum_waitlist_entries_status,
      now() - make_interval(mins => n), 'Other'
    FROM generate_series(1, ${count}) AS n`)
}
