import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { AppError } from '@/lib/errors'

export type Page<T> = {
  data: T[]
  page: number
  limit: number
  totalDocs: number
  totalPages: number
}

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
 * the hasMany subqueries, are then read for those rows alone.
 */
export const pagedList = async <T>(
  payload: Payload,
  options: {
    select: SQL
    from: SQL
    /** The FROM of the columns, given the subquery of the page's keys (default: `from`). */
    columnsFrom?: (pageKeys: SQL) => SQL
    /** The primary key with its alias, e.g. `w.id`. */
    key: SQL
    where: SQL
    orderBy: SQL
    page: number
    limit: number
    shape: (row: Row) => T
  },
): Promise<Page<T>> => {
  const { select, from, columnsFrom, key, where, orderBy, page, limit, shape } = options
  const [counted] = await selectRows<{ total: number }>(
    payload,
    sql`SELECT count(*)::int AS total FROM ${from} WHERE ${where}`,
  )
  const totalDocs = counted?.total ?? 0
  const offset = (page - 1) * limit
  const pageKeys = sql`SELECT ${key} FROM ${from} WHERE ${where} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`
  const rows =
    offset < totalDocs
      ? await selectRows(
          payload,
          sql`SELECT ${select} FROM ${columnsFrom ? columnsFrom(pageKeys) : from}
            WHERE ${key} IN (${pageKeys}) ORDER BY ${orderBy}`,
        )
      : []
  return {
    data: rows.map(shape),
    page,
    limit,
    totalDocs,
    totalPages: Math.ceil(totalDocs / limit),
  }
}

export const notFound = (what: string) => new AppError(404, `${what} not found`)

export const isoDate = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string).toISOString()
