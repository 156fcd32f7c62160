import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { alias, parent_engagements } from '@/db'

import { type Row, allOf, containsPattern, isoDate, pagedList } from './paging'

const p = alias(parent_engagements, 'p')

export const toParentInsight = (row: Row) => ({
  id: Number(row.id),
  name: String(row.name),
  email: String(row.email),
  childAge: (row.childAge as string | null) ?? null,
  bookAttraction: (row.bookAttraction as string | null) ?? null,
  natureConnection: (row.natureConnection as string | null) ?? null,
  parentingValues: (row.parentingValues as string | null) ?? null,
  familyWish: (row.familyWish as string | null) ?? null,
  interests: (row.interests as string[] | null) ?? [],
  source: (row.source as string | null) ?? null,
  submittedAt: isoDate(row.submittedAt),
})

export const listParentInsights = (
  payload: Payload,
  query: { search?: string; page: number; limit: number },
) => {
  const pattern = query.search ? containsPattern(query.search) : undefined
  return pagedList(payload, {
    select: sql`${p.id}, ${p.name}, ${p.email}, ${p.childAge} AS "childAge",
      ${p.bookAttraction} AS "bookAttraction", ${p.natureConnection} AS "natureConnection",
      ${p.parentingValues} AS "parentingValues", ${p.familyWish} AS "familyWish",
      coalesce(${p.interests}, '[]') AS interests, ${p.source},
      ${p.submittedAt} AS "submittedAt"`,
    from: sql`${parent_engagements} ${p}`,
    key: sql`${p.id}`,
    where: allOf([
      pattern ? sql`(${p.email} ILIKE ${pattern} OR ${p.name} ILIKE ${pattern})` : undefined,
    ]),
    orderBy: sql`${p.submittedAt} DESC, ${p.id} DESC`,
    page: query.page,
    limit: query.limit,
    search: Boolean(pattern),
    shape: toParentInsight,
  })
}
