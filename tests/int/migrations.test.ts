import fs from 'node:fs'
import path from 'node:path'

import { sql } from '@payloadcms/db-postgres/drizzle'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startApp, type TestApp } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(async () => app?.close())

type DrizzleKit = {
  generateDrizzleJson: (schema: unknown) => Promise<unknown>
  generateMigration: (before: unknown, after: unknown) => Promise<string[]>
}

describe('migrations', () => {
  it('the committed migrations describe exactly the collections (migrate:create would find nothing)', async () => {
    const db = app.payload.db as unknown as {
      migrationDir: string
      schema: unknown
      requireDrizzleKit: () => DrizzleKit
    }
    const latest = fs
      .readdirSync(db.migrationDir)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .at(-1)
    expect(latest).toBeTruthy()
    const committed = JSON.parse(
      fs.readFileSync(path.join(db.migrationDir, latest as string), 'utf8'),
    )
    const kit = db.requireDrizzleKit()
    const statements = await kit.generateMigration(
      committed,
      await kit.generateDrizzleJson(db.schema),
    )
    expect(statements).toEqual([])
  })

  it('applied every committed migration to the test database', async () => {
    const files = fs
      .readdirSync(app.payload.db.migrationDir)
      .filter((file) => /^\d.*\.ts$/.test(file))
    const result = await app.payload.db.drizzle.execute(
      sql`select name from payload_migrations order by name`,
    )
    const applied = (result.rows as { name: string }[])
      .map((row) => row.name)
      .filter((name) => name !== 'dev')
    expect(applied).toEqual(files.map((file) => file.replace(/\.ts$/, '')).sort())
  })

  it('stores deliverability rates as numeric(5,2) and enforces the unique keys', async () => {
    const columns = await app.payload.db.drizzle.execute(sql`
      select column_name, numeric_precision, numeric_scale from information_schema.columns
      where table_name = 'deliverability_metrics' and column_name like '%_rate' order by column_name`)
    expect(columns.rows).toEqual([
      { column_name: 'bounce_rate', numeric_precision: 5, numeric_scale: 2 },
      { column_name: 'delivery_rate', numeric_precision: 5, numeric_scale: 2 },
      { column_name: 'spam_rate', numeric_precision: 5, numeric_scale: 2 },
    ])
    const unique = await app.payload.db.drizzle.execute(sql`
      select tablename, indexdef from pg_indexes where indexdef like 'CREATE UNIQUE INDEX%'
      and tablename in ('newsletter_subscribers', 'waitlist_entries', 'email_preferences', 'email_suppressions', 'users')`)
    const defs = (unique.rows as { tablename: string; indexdef: string }[]).map(
      (row) => `${row.tablename}: ${row.indexdef.replace(/.* USING btree /, '')}`,
    )
    expect(defs).toEqual(
      expect.arrayContaining([
        'newsletter_subscribers: (email)',
        'waitlist_entries: (email, product)',
        'email_preferences: (email)',
        'email_suppressions: (email)',
        'users: (username)',
      ]),
    )
  })
})
