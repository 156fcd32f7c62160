import { sql } from '@payloadcms/db-postgres/drizzle'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import * as deadSchema from '@/migrations/20261125_001103_house_dead_schema'
import * as stringLists from '@/migrations/20261125_001532_string_lists'

import { startApp, type TestApp } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(async () => app?.close())

const args = () =>
  ({ db: app.payload.db.drizzle, payload: app.payload, req: {} }) as unknown as Parameters<
    typeof deadSchema.up
  >[0]

describe('the upgrade of an existing site (migrations house_dead_schema and string_lists)', () => {
  it('carries every address of the simple suppression list into the full one, active', async () => {
    // The schema before the migration: the simple table back, with the rows an older site wrote.
    await deadSchema.down(args())
    await app.payload.db.drizzle.execute(sql`
      INSERT INTO email_suppressions (email, suppression_type, reason, suppressed_at, source, is_active)
      VALUES ('lifted@example.com', 'bounce', 'hard bounce', now() - interval '3 days', 'webhook', false),
        ('kept@example.com', 'complaint', 'spam report', now() - interval '3 days', 'webhook', true)`)
    await app.payload.db.drizzle.execute(sql`
      INSERT INTO suppressed_emails (email, type, reason, source, created_at) VALUES
        ('Lifted@Example.com', 'bounce', 'hard bounce', 'webhook', now() - interval '3 days'),
        ('only-simple@example.com', 'bounce', 'older', NULL, now() - interval '2 days'),
        ('Only-Simple@example.com', 'complaint', 'newer', NULL, now() - interval '1 day'),
        ('kept@example.com', 'complaint', 'spam report', 'webhook', now() - interval '3 days')`)

    await deadSchema.up(args())

    const suppressions = await app.rows<{
      email: string
      suppression_type: string
      reason: string
      source: string
      is_active: boolean
    }>(sql`
      SELECT email, suppression_type, reason, source, is_active FROM email_suppressions
      WHERE email IN ('lifted@example.com', 'kept@example.com', 'only-simple@example.com')
      ORDER BY email`)
    expect(suppressions).toEqual([
      {
        email: 'kept@example.com',
        suppression_type: 'complaint',
        reason: 'spam report',
        source: 'webhook',
        is_active: true,
      },
      // Lifted in the full list but still in the simple one: it stays suppressed, as it was.
      {
        email: 'lifted@example.com',
        suppression_type: 'bounce',
        reason: 'hard bounce',
        source: 'webhook',
        is_active: true,
      },
      // One row per address, lower-cased, from its latest entry.
      {
        email: 'only-simple@example.com',
        suppression_type: 'complaint',
        reason: 'newer',
        source: 'suppressed-emails',
        is_active: true,
      },
    ])
    const [table] = await app.rows<{ name: string | null }>(
      sql`SELECT to_regclass('suppressed_emails')::text AS name`,
    )
    expect(table?.name).toBeNull()
  })

  it('moves every list from the `_texts` child tables into its row, in order, and back', async () => {
    const [entry] = await app.rows<{ id: number }>(sql`
      INSERT INTO waitlist_entries (email, name, product, status, joined_at, interests)
      VALUES ('lists@example.com', 'Lists', 'records', 'inactive', now(),
        '["Meditation & Mindfulness", "Books & Reading"]'::jsonb)
      RETURNING id`)
    const [subscriber] = await app.rows<{ id: number }>(sql`
      INSERT INTO newsletter_subscribers (email, interests, email_preferences)
      VALUES ('lists@example.com', '[]'::jsonb, '["newsletter", "updates"]'::jsonb)
      RETURNING id`)

    // Back to the old shape: the lists are rows of the child tables, numbered from 1.
    await stringLists.down(args())
    const texts = await app.rows<{ order: number; path: string; text: string }>(sql`
      SELECT "order", path, text FROM waitlist_entries_texts WHERE parent_id = ${entry!.id}
      ORDER BY "order"`)
    expect(texts).toEqual([
      { order: 1, path: 'interests', text: 'Meditation & Mindfulness' },
      { order: 2, path: 'interests', text: 'Books & Reading' },
    ])
    // As Payload wrote them: the row ids need not follow the order, and one table holds two lists.
    const db = app.payload.db.drizzle
    await db.execute(sql`DELETE FROM waitlist_entries_texts WHERE parent_id = ${entry!.id}`)
    await db.execute(sql`
      INSERT INTO waitlist_entries_texts ("order", parent_id, path, text) VALUES
        (3, ${entry!.id}, 'interests', 'Sustainability'),
        (1, ${entry!.id}, 'interests', 'Personal Growth'),
        (2, ${entry!.id}, 'interests', 'Music & Healing')`)
    await db.execute(sql`
      INSERT INTO newsletter_subscribers_texts ("order", parent_id, path, text) VALUES
        (1, ${subscriber!.id}, 'interests', 'AI & Technology')`)

    await stringLists.up(args())

    const [entryAfter] = await app.rows<{ interests: string[] }>(
      sql`SELECT interests FROM waitlist_entries WHERE id = ${entry!.id}`,
    )
    expect(entryAfter?.interests).toEqual(['Personal Growth', 'Music & Healing', 'Sustainability'])
    const [subscriberAfter] = await app.rows<{ interests: string[]; email_preferences: string[] }>(
      sql`SELECT interests, email_preferences FROM newsletter_subscribers WHERE id = ${subscriber!.id}`,
    )
    expect(subscriberAfter).toEqual({
      interests: ['AI & Technology'],
      email_preferences: ['newsletter', 'updates'],
    })
    const [table] = await app.rows<{ name: string | null }>(
      sql`SELECT to_regclass('waitlist_entries_texts')::text AS name`,
    )
    expect(table?.name).toBeNull()
  })
})
