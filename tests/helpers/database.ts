import pg from 'pg'

/**
 * Test databases on the run's PostgreSQL server (TEST_DATABASE_URL, see test-server.ts), each a
 * copy of one migrated template.
 */
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

export type TestDatabase = { close: () => Promise<void> }

/** Creates the database DATABASE_URL names (see env.ts): empty, or a copy of `template`. */
export const createTestDatabase = async (template?: string): Promise<TestDatabase> => {
  const name = databaseName()
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await adminQuery(
    template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`,
  )
  return {
    close: () =>
      template ? adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) : Promise.resolve(),
  }
}
