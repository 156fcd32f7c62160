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

const placesSql = (places: PlacesPerReferral): SQL =>
  sql`(CASE w.product::text ${sql.join(
    PRODUCTS.map((product) => sql`WHEN ${product}::text THEN ${places[product]}::int`),
    sql` `,
  )} ELSE 0 END)`

/**
 * Every entry's place in its product's line: `id`, `product`, `referrals` (confirmed entries it
 * referred) and `position` (1 = first). The base order is the order of joining; each counted
 * referral moves its referrer up `places` (base rank minus referrals × places), and on a tie the
 * one with more referrals goes first, so a referral moves its referrer past the person it draws
 * level with. With `product`, only that product's line is computed.
 */
export const waitlistLine = (places: PlacesPerReferral, product?: Product): SQL => sql`
  SELECT id, product, referrals,
    row_number() OVER (PARTITION BY product
      ORDER BY base_rank - referrals * places, referrals DESC, base_rank)::int AS position
  FROM (
    SELECT w.id, w.product, coalesce(r.referrals, 0)::int AS referrals,
      ${placesSql(places)} AS places,
      row_number() OVER (PARTITION BY w.product ORDER BY w.joined_at, w.id) AS base_rank
    FROM waitlist_entries w
    LEFT JOIN (
      SELECT referred_by_id, count(*)::int AS referrals FROM waitlist_entries
      WHERE referred_by_id IS NOT NULL AND confirmed_at IS NOT NULL
      ${product ? sql`AND product = ${product}` : sql``}
      GROUP BY referred_by_id) r ON r.referred_by_id = w.id
    ${product ? sql`WHERE w.product = ${product}` : sql``}
  ) base`

export type Standing = { position: number; referrals: number; total: number }

/** One entry's place in its product's line, its counted referrals and the line's length. */
export const standingOf = async (
  payload: Payload,
  entry: { id: number; product: Product },
  places?: PlacesPerReferral,
): Promise<Standing> => {
  places ??= await placesPerReferral(payload)
  const result = await payload.db.drizzle.execute(sql`
    SELECT position, referrals, total FROM (
      SELECT l.id, l.position, l.referrals, count(*) OVER ()::int AS total
      FROM (${waitlistLine(places, entry.product)}) l) line
    WHERE id = ${entry.id}`)
  const row = result.rows[0] as Standing | undefined
  if (!row) throw new Error(`waitlist entry ${entry.id} is not in the ${entry.product} line`)
  return row
}
