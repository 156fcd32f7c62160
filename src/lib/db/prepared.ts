import type { SQL } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

type Query = { sql: string; params: unknown[] }
type Prepared = { execute: (values: Record<string, unknown>) => Promise<{ rows: unknown[] }> }
type Drizzle = {
  dialect: { sqlToQuery: (query: SQL) => Query }
  session: {
    prepareQuery: (query: Query, fields: undefined, name: string, arrayMode: boolean) => Prepared
  }
}

/**
 * One of the visitor routes' hot statements, as a named prepared statement: PostgreSQL parses and
 * analyses it once per connection instead of on every request (about 0.4 ms of the server's time
 * for a signup's statement), and this process builds and renders its text once per database instead
 * of on every batch (Drizzle's rendering of a signup statement was a twentieth of the server's time
 * under a crowd of signups). `build` writes the statement with a `sql.placeholder(name)` for each of
 * `Values`; only those vary from call to call. Otherwise exactly `payload.db.drizzle.execute`: the
 * same client path, type parsing and pool (not for statements inside a transaction).
 *
 * `build` runs once per database, on the first call: what it reads (env()) is read once, as env()
 * itself is. Drizzle's `execute` takes no name, so this goes through the session it uses, as
 * `execute` itself does (drizzle-orm 0.45, pinned by Payload's adapter).
 */
export const preparedStatement = <Values extends Record<string, unknown>>(
  name: string,
  build: () => SQL,
) => {
  // One per Drizzle instance: a process may run several Payloads, each with its own pool.
  const prepared = new WeakMap<object, Prepared>()
  return async <Row = Record<string, unknown>>(
    payload: Payload,
    values: Values,
  ): Promise<{ rows: Row[] }> => {
    const db = payload.db.drizzle as unknown as Drizzle
    let statement = prepared.get(db)
    if (!statement) {
      statement = db.session.prepareQuery(db.dialect.sqlToQuery(build()), undefined, name, false)
      prepared.set(db, statement)
    }
    return (await statement.execute(values)) as { rows: Row[] }
  }
}

/**
 * The rows of a batch as one JSON document, for `jsonb_to_recordset` in a prepared statement.
 * One parameter whatever the batch's size, and PostgreSQL estimates the function's rows alike with
 * or without the value, so it keeps one generic plan for the statement instead of planning it
 * again for every batch. A lone surrogate (a broken character a client may send) becomes U+FFFD,
 * as when a string is sent as text; PostgreSQL's JSON refuses it.
 */
export const jsonRows = (rows: readonly object[]): string =>
  JSON.stringify(rows, (_key, value: unknown) =>
    typeof value === 'string' && !value.isWellFormed() ? value.toWellFormed() : value,
  )
