import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
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
 * A value as JSON text for a jsonb parameter (a jsonb column of `unnestRows`). A lone surrogate (a broken character a
 * client may send) becomes U+FFFD, as when a string is sent as text; PostgreSQL's JSON refuses it.
 */
const jsonText = (value: object): string =>
  JSON.stringify(value, (_key, value: unknown) =>
    typeof value === 'string' && !value.isWellFormed() ? value.toWellFormed() : value,
  )

/** The SQL types of a batch's columns, by the columns' names (`unnestRows`). */
export type BatchColumns = Record<string, 'text' | 'jsonb' | 'timestamptz' | 'integer'>

/**
 * A batch's own columns from one definition, each key's SQL name and type: `types` for
 * `unnestRows` and `unnestValues` (followed by the columns of `more`, defined elsewhere), `name`
 * each key's SQL name (the key of its value in a row), `ref` its identifier in the statement's SQL.
 */
export const batchColumns = <Key extends string>(
  columns: Record<Key, readonly [name: string, type: BatchColumns[string]]>,
  more: BatchColumns = {},
) => {
  const entries = Object.entries(columns) as [Key, readonly [string, BatchColumns[string]]][]
  const byKey = <T>(of: (name: string) => T) =>
    Object.fromEntries(entries.map(([key, [name]]) => [key, of(name)])) as Record<Key, T>
  return {
    types: {
      ...Object.fromEntries(entries.map(([, [name, type]]) => [name, type])),
      ...more,
    } as BatchColumns,
    name: byKey((name) => name),
    ref: byKey((name) => sql.identifier(name)),
  }
}

/**
 * A batch's rows as a set in a prepared statement: `unnest` of one array parameter per column, each
 * a placeholder named as its column (`unnestValues` gives their values), AS `alias` (its columns
 * named as `columns`). PostgreSQL plans `unnest` of a parameter for about ten rows, the size of a
 * batch, so the statement's lookups by address stay on their indexes whatever the tables' sizes
 * (a JSON document's recordset is planned for a hundred rows, and on tables of 10,000 rows that
 * chose sequential scans).
 */
export const unnestRows = (alias: string, columns: BatchColumns): SQL =>
  sql`unnest(${sql.join(
    Object.entries(columns).map(
      ([name, type]) => sql`${sql.placeholder(name)}::${sql.raw(type)}[]`,
    ),
    sql`, `,
  )}) AS ${sql.identifier(alias)} (${sql.join(
    Object.keys(columns).map((name) => sql.identifier(name)),
    sql`, `,
  )})`

/** The values of `unnestRows`' placeholders: each column's values in the rows' order. */
export const unnestValues = (
  columns: BatchColumns,
  rows: readonly Record<string, unknown>[],
): Record<string, unknown[]> =>
  Object.fromEntries(
    Object.entries(columns).map(([name, type]) => [
      name,
      rows.map((row) => {
        const value = row[name] ?? null
        return type === 'jsonb' && value !== null ? jsonText(value as object) : value
      }),
    ]),
  )
