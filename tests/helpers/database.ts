import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { spawnEmbeddedDatabase } from '@/lib/db/spawn-embedded'

import { CHECKOUT_ID } from './env'

/**
 * Test databases. With TEST_DATABASE_URL: databases on that PostgreSQL server, each a copy of one
 * migrated template. Without: embedded databases, each loaded from a migrated template archive.
 */
export const TEMPLATE_DUMP = path.join(
  os.tmpdir(),
  `starfinity-template-${process.getuid?.() ?? 0}-${CHECKOUT_ID}.tar`,
)

const databaseName = () => new URL(process.env.DATABASE_URL as string).pathname.slice(1)

export const adminQuery = async (sql: string) => {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

export type TestDatabase = { close: () => Promise<void>; dump: (file: string) => Promise<void> }

/** Creates the database DATABASE_URL names (see env.ts): empty, or a copy of `template`. */
export const createTestDatabase = async (template?: string): Promise<TestDatabase> => {
  if (process.env.TEST_DATABASE_URL) {
    const name = databaseName()
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await adminQuery(
      template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`,
    )
    return {
      close: () =>
        template ? adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) : Promise.resolve(),
      dump: async () => undefined,
    }
  }
  const embedded = await spawnEmbeddedDatabase({
    socketId: process.env.TEST_DB_ID as string,
    load: template,
  })
  return { close: embedded.close, dump: embedded.dump }
}
