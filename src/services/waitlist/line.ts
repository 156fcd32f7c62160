import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { DEFAULT_PLACES_PER_REFERRAL, PRODUCTS, type Product } from '@/lib/constants'

/**
 * The line of a waitlist (decision 0119): positions and referral counts are computed on read from
 * the entries themselves, never stored, so concurrent signups and confirmations cannot leave a
 * wrong number behind.
 */

/** Site settings' per-product fields (`earth-app` → `earthApp`). */
export const PLACES_FIELDS = PRODUCTS.map((product) => ({
  product,
  field: product.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()),
}))

export type PlacesPerReferral = Record<Product, number>

/** The published setting of each product (the default where none is stored). */
export const placesPerReferral = async (payload: Payload): Promise<PlacesPerReferral> => {
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  const stored = (settings as { referralPlaces?: Record<string, number | null> }).referralPlaces
  return Object.fromEntries(
    PLACES_FIELDS.map(({ product, field }) => {
      const value = stored?.[field]
      return [
        product,
        typeof value === 'number' && value >= 0 ? Math.floor(value) : DEFAULT_PLACES_PER_REFERRAL,
      ]
    }),
  ) as PlacesPerReferral
}

const placesSql = (places: PlacesPerReferral, alias: string): SQL =>
  sql`(CASE ${sql.identifier(alias)}.product::text ${sql.join(
    PRODUCTS.map((product) => sql`WHEN ${product}::text THEN ${places[product]}::int`),
    sql` `,
  )} ELSE 0 END)`

/**
 * Entries' places in their product's line: `id`, `product`, `referrals` (confirmed entries it
 * referred) and `position` (1 = first). The line is ordered by key = base rank (order of joining)
 * minus referrals × places, then more referrals first, then base rank: each counted referral moves
 * its referrer up `places`, past the person it draws level with.
 *
 * Only entries with referrals (`movers`, few) leave their base rank, so the position of an entry
 * e is counted, not sorted: the entries without referrals ranked below e's key (every base rank
 * from 1 to key − 1, less the movers among them), plus the movers ahead of e in the line's order,
 * plus one. The one pass over every entry is the base rank (order of joining); `ids` (a subquery
 * of entry ids) keeps only the movers and the entries asked for after it, so a page of a list costs
 * that pass and not a second sort of the whole line. With `product`, only that product's line.
 */
export const waitlistLine = (
  places: PlacesPerReferral,
  options: { product?: Product; ids?: SQL } = {},
): SQL => {
  const { product, ids } = options
  const refs = sql`
    SELECT referred_by_id AS id, count(*)::int AS referrals FROM waitlist_entries
    WHERE referred_by_id IS NOT NULL AND confirmed_at IS NOT NULL
    ${product ? sql`AND product = ${product}` : sql``}
    GROUP BY referred_by_id`
  return sql`
  WITH refs AS (${refs}),
  ranked AS (
    SELECT r.id, r.product, r.base FROM (
      SELECT w.id, w.product,
        row_number() OVER (PARTITION BY w.product ORDER BY w.joined_at, w.id)::int AS base
      FROM waitlist_entries w ${product ? sql`WHERE w.product = ${product}` : sql``}) r
    ${ids ? sql`WHERE r.id IN (SELECT id FROM refs) OR r.id IN (${ids})` : sql``}),
  movers AS (
    SELECT ranked.id, ranked.product, ranked.base, refs.referrals,
      ranked.base - refs.referrals * ${placesSql(places, 'ranked')} AS key
    FROM ranked JOIN refs ON refs.id = ranked.id),
  asked AS (
    SELECT e.id, e.product, e.base, coalesce(m.referrals, 0) AS referrals,
      coalesce(m.key, e.base) AS key
    FROM ranked e LEFT JOIN movers m ON m.id = e.id
    ${ids ? sql`WHERE e.id IN (${ids})` : sql``})
  SELECT a.id, a.product, a.referrals::int AS referrals,
    (greatest(a.key - 1, 0)
      - (SELECT count(*) FROM movers m WHERE m.product = a.product AND m.base < a.key)
      + (SELECT count(*) FROM movers m WHERE m.product = a.product AND m.id <> a.id
          AND (m.key, -m.referrals, m.base) < (a.key, -a.referrals, a.base))
      + 1)::int AS position
  FROM asked a`
}

export type Standing = { position: number; referrals: number; total: number }

/** One entry's place in its product's line, its counted referrals and the line's length. */
export const standingOf = async (
  payload: Payload,
  entry: { id: number; product: Product },
  places?: PlacesPerReferral,
): Promise<Standing> => {
  places ??= await placesPerReferral(payload)
  const result = await payload.db.drizzle.execute(sql`
    SELECT l.position, l.referrals, (SELECT coalesce(sum(entries), 0)::int
        FROM waitlist_line_counts WHERE product = ${entry.product}) AS total
    FROM (${waitlistLine(places, { product: entry.product, ids: sql`${entry.id}` })}) l`)
  const row = result.rows[0] as Standing | undefined
  if (!row) throw new Error(`waitlist entry ${entry.id} is not in the ${entry.product} line`)
  return row
}
