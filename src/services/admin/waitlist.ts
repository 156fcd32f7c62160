import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import type { AdminUser } from '@/access/admin'
import { alias, bare, waitlist_entries, waitlist_referral_counts } from '@/db'
import { PRODUCTS, type Product } from '@/lib/constants'
import type { AdminEmail } from '@/schemas/admin'
import { placesOf, placesPerReferral } from '@/services/waitlist/line'

import { changeAudited, emailAudited } from './changes'
import { type Row, allOf, containsPattern, isoDate, pagedList, selectRows } from './paging'

const w = alias(waitlist_entries, 'w')

export type WaitlistEntryView = {
  id: number
  email: string
  name: string
  joinedAt: string | null
  product: string
  status: string
  interests: string[]
  referralSource: string | null
  emailOpened: boolean
  lastEmailSent: string | null
  /** Place in its product's line and confirmed referrals, computed on read (decision 0119). */
  position: number | null
  referrals: number | null
  referralCode: string | null
  referredById: number | null
  confirmedAt: string | null
}

const numberOrNull = (value: unknown) =>
  value === null || value === undefined ? null : Number(value)

export const toWaitlistEntry = (row: Row): WaitlistEntryView => ({
  id: Number(row.id),
  email: String(row.email),
  name: String(row.name),
  joinedAt: isoDate(row.joinedAt),
  product: String(row.product),
  status: String(row.status),
  interests: (row.interests as string[] | null) ?? [],
  referralSource: (row.referralSource as string | null) ?? null,
  emailOpened: Boolean(row.emailOpened),
  lastEmailSent: isoDate(row.lastEmailSent),
  position: numberOrNull(row.position),
  referrals: numberOrNull(row.referrals),
  referralCode: (row.referralCode as string | null) ?? null,
  // A row of the list reads the column; a Payload document (after an update) has `referredBy`.
  referredById: numberOrNull(row.referredById ?? row.referredBy),
  confirmedAt: isoDate(row.confirmedAt),
})

/** An entry's own columns (its place in line is computed apart: `placesOf`). */
export const WAITLIST_ENTRY_COLUMNS = sql`${w.id}, ${w.email}, ${w.name}, ${w.joinedAt} AS "joinedAt",
  ${w.product}, ${w.status}, coalesce(${w.interests}, '[]') AS interests,
  ${w.referralSource} AS "referralSource", ${w.emailOpened} AS "emailOpened",
  ${w.lastEmailSent} AS "lastEmailSent",
  ${w.referralCode} AS "referralCode", ${w.referredBy} AS "referredById",
  ${w.confirmedAt} AS "confirmedAt"`

export const productIs = (product?: Product): SQL | undefined =>
  product ? sql`${w.product} = ${product}` : undefined

export const listWaitlist = async (
  payload: Payload,
  query: { product?: Product; status?: string; search?: string; page: number; limit: number },
) => {
  const pattern = query.search ? containsPattern(query.search) : undefined
  const places = await placesPerReferral(payload)
  return pagedList(payload, {
    select: WAITLIST_ENTRY_COLUMNS,
    from: sql`${waitlist_entries} ${w}`,
    key: sql`${w.id}`,
    where: allOf([
      productIs(query.product),
      query.status ? sql`${w.status} = ${query.status}` : undefined,
      pattern ? sql`(${w.email} ILIKE ${pattern} OR ${w.name} ILIKE ${pattern})` : undefined,
    ]),
    orderBy: sql`${w.joinedAt} DESC, ${w.id} DESC`,
    page: query.page,
    limit: query.limit,
    search: Boolean(pattern),
    shape: toWaitlistEntry,
    // The place in line is counted for the page's entries only.
    decorate: async (rows) => {
      const found = await placesOf(
        payload,
        places,
        rows.map((row) => Number(row.id)),
        { product: query.product },
      )
      return rows.map((row) => ({ ...row, ...found.get(Number(row.id)) }))
    },
  })
}

export type LeaderboardEntry = {
  id: number
  name: string
  email: string
  referrals: number
  position: number
}

export const LEADERBOARD_SIZE = 10

/**
 * The referral leaderboard of each product (or of one): its people with the most confirmed
 * referrals, best first, at most LEADERBOARD_SIZE each.
 */
export const waitlistLeaderboard = async (payload: Payload, product?: Product) => {
  const places = await placesPerReferral(payload)
  const e = waitlist_entries
  const c = waitlist_referral_counts
  // Only those who can make a board: of an equal number of referrals the earlier joiner is ahead
  // in the line, so the ten with the most referrals of each product, earlier joiners first; their
  // places counted near each (decision 0235), then ranked here. The referrals and the referrer's
  // joining time are kept by triggers (decision 0255): each board's ten are read from one index.
  const candidates = await selectRows<{
    id: number
    product: Product
    name: string
    email: string
  }>(
    payload,
    sql`SELECT ${w.id}, ${w.product}, ${w.name}, ${w.email} FROM ${e} ${w}
      WHERE ${allOf([productIs(product)])} AND ${w.id} IN (
        SELECT top.${bare(c.referrerId)} FROM unnest(ARRAY[${sql.join(
          (product ? [product] : PRODUCTS).map((name) => sql`${name}::text`),
          sql`, `,
        )}]) AS board(line)
        CROSS JOIN LATERAL (SELECT ${bare(c.referrerId)} FROM ${c}
          WHERE ${c.product} = board.line AND ${c.referrals} > 0
          ORDER BY ${c.referrals} DESC, ${c.referrerJoinedAt}, ${c.referrerId}
          LIMIT ${LEADERBOARD_SIZE}) top)`,
  )
  const found = await placesOf(
    payload,
    places,
    candidates.map((row) => Number(row.id)),
    { product },
  )
  const rows = candidates
    .flatMap((row) => {
      const place = found.get(Number(row.id))
      return place && place.referrals > 0 ? [{ ...row, id: Number(row.id), ...place }] : []
    })
    .sort((a, b) => b.referrals - a.referrals || a.position - b.position)
  const boards = new Map<Product, typeof rows>()
  for (const row of rows) {
    const board = boards.get(row.product) ?? []
    if (board.length < LEADERBOARD_SIZE) board.push(row)
    boards.set(row.product, board)
  }
  return (product ? [product] : PRODUCTS).map((name) => ({
    product: name,
    placesPerReferral: places[name],
    entries: (boards.get(name) ?? []).map(({ id, name, email, referrals, position }) => ({
      id,
      name,
      email,
      referrals,
      position,
    })),
  }))
}

export const waitlistStats = async (payload: Payload, product?: Product) => {
  const [row] = await selectRows<{ total: number; active: number; inactive: number }>(
    payload,
    sql`SELECT count(*)::int AS total,
      count(*) FILTER (WHERE ${w.status} = 'active')::int AS active,
      count(*) FILTER (WHERE ${w.status} = 'inactive')::int AS inactive
      FROM ${waitlist_entries} ${w} WHERE ${allOf([productIs(product)])}`,
  )
  return row
}

export const setWaitlistStatus = async (
  payload: Payload,
  user: AdminUser,
  id: number,
  status: 'active' | 'inactive',
) => {
  const entry = await changeAudited(
    payload,
    user,
    { collection: 'waitlist-entries', id, action: 'waitlist.status' },
    { status },
    (before) => ({ from: before.status, to: status }),
  )
  return toWaitlistEntry({ ...entry })
}

export const setWaitlistEmailOpened = async (
  payload: Payload,
  user: AdminUser,
  id: number,
  opened: boolean,
) => {
  const entry = await changeAudited(
    payload,
    user,
    { collection: 'waitlist-entries', id, action: 'waitlist.email-opened' },
    { emailOpened: opened },
    { opened },
  )
  return toWaitlistEntry({ ...entry })
}

/** The dashboard's send-email dialog: one email to one waitlist entry, then lastEmailSent. */
export const sendWaitlistEmail = (
  payload: Payload,
  user: AdminUser,
  id: number,
  email: AdminEmail,
) =>
  emailAudited(
    payload,
    user,
    { collection: 'waitlist-entries', id, action: 'waitlist.send-email' },
    email,
    { emailType: 'welcome', waitlistEntryId: id },
    () => ({ lastEmailSent: new Date().toISOString() }),
  )
