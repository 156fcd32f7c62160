import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { AppError } from '@/lib/errors'

export type Page<T> = {
  data: T[]
  page: number
  limit: number
  totalDocs: number
  totalPages: number
  /** True when a search matched more than SEARCH_COUNT_CAP: totalDocs is then that cap. */
  totalCapped: boolean
}

/**
 * A search's matches are counted up to this many (decision 0265): counting 100,000 matches of a
 * common name rechecks each in the table; the list says "10,000+" and asks for a narrower search.
 */
export const SEARCH_COUNT_CAP = 10_000

export type Row = Record<string, unknown>

export const selectRows = async <T = Row>(payload: Payload, query: SQL): Promise<T[]> =>
  (await payload.db.drizzle.execute(query)).rows as T[]

/** `%term%` for ILIKE, with the term's own wildcards taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Conditions joined by AND; none is "every row". */
export const allOf = (conditions: (SQL | undefined)[]): SQL => {
  const present = conditions.filter((condition): condition is SQL => Boolean(condition))
  return present.length ? sql.join(present, sql` AND `) : sql`TRUE`
}

/**
 * One page of a list, filtered and sorted in the database, and the total that matches. The page's
 * ids are found first (skipping `offset` rows costs index entries only); the columns, including
 * the hasMany subqueries, are then read for those ids alone, named as values (decision 0235: a
 * subquery there let the planner join the whole table before limiting it). `decorate` adds what
 * is computed for the page's rows (the waitlist's places in line).
 */
export const pagedList = async <T>(
  payload: Payload,
  options: {
    select: SQL
    from: SQL
    /** The primary key with its alias, e.g. `w.id`. */
    key: SQL
    where: SQL
    orderBy: SQL
    page: number
    limit: number
    shape: (row: Row) => T
    decorate?: (rows: Row[]) => Promise<Row[]>
    /** A search: its matches are counted up to SEARCH_COUNT_CAP, the first pages shown. */
    search?: boolean
  },
): Promise<Page<T>> => {
  const { select, from, key, where, orderBy, page, limit, shape, decorate, search } = options
  const [counted] = await selectRows<{ total: number }>(
    payload,
    search
      ? sql`SELECT count(*)::int AS total FROM (SELECT FROM ${from} WHERE ${where}
          LIMIT ${SEARCH_COUNT_CAP + 1}) matched`
      : sql`SELECT count(*)::int AS total FROM ${from} WHERE ${where}`,
  )
  const totalCapped = Boolean(search) && (counted?.total ?? 0) > SEARCH_COUNT_CAP
  const totalDocs = totalCapped ? SEARCH_COUNT_CAP : (counted?.total ?? 0)
  const offset = (page - 1) * limit
  const keys =
    offset < totalDocs
      ? (
          await selectRows<{ key: number }>(
            payload,
            sql`SELECT ${key} AS key FROM ${from} WHERE ${where} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`,
          )
        ).map((row) => Number(row.key))
      : []
  let rows = keys.length
    ? await selectRows(
        payload,
        sql`SELECT ${select} FROM ${from}
          WHERE ${key} IN (${sql.join(
            keys.map((id) => sql`${id}::int`),
            sql`, `,
          )}) ORDER BY ${orderBy}`,
      )
    : []
  if (decorate && rows.length) rows = await decorate(rows)
  return {
    data: rows.map(shape),
    page,
    limit,
    totalDocs,
    totalPages: Math.ceil(totalDocs / limit),
    totalCapped,
  }
}

export const notFound = (what: string) => new AppError(404, `${what} not found`)

export const isoDate = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string).toISOString()
