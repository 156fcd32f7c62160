import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { alias, bare, waitlist_entries, waitlist_line_counts } from '@/db'
import { DEFAULT_PLACES_PER_REFERRAL, PRODUCTS, type Product } from '@/lib/constants'

const w = alias(waitlist_entries, 'w')

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
  sql`(CASE ${sql.identifier(alias)}.${bare(waitlist_entries.product)}::text ${sql.join(
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
    SELECT ${bare(waitlist_entries.referredBy)} AS id,
      count(*)::int AS referrals FROM ${waitlist_entries}
    WHERE ${bare(waitlist_entries.referredBy)} IS NOT NULL AND ${bare(waitlist_entries.confirmedAt)} IS NOT NULL
    ${product ? sql`AND ${bare(waitlist_entries.product)} = ${product}` : sql``}
    GROUP BY ${bare(waitlist_entries.referredBy)}`
  return sql`
  WITH refs AS (${refs}),
  ranked AS (
    SELECT r.${bare(waitlist_entries.id)}, r.${bare(waitlist_entries.product)}, r.base FROM (
      SELECT ${w.id}, ${w.product},
        row_number() OVER (PARTITION BY ${w.product} ORDER BY ${w.joinedAt}, ${w.id})::int AS base
      FROM ${waitlist_entries} ${w} ${product ? sql`WHERE ${w.product} = ${product}` : sql``}) r
    ${ids ? sql`WHERE r.${bare(waitlist_entries.id)} IN (SELECT ${bare(waitlist_entries.id)} FROM refs) OR r.${bare(waitlist_entries.id)} IN (${ids})` : sql``}),
  movers AS (
    SELECT ranked.${bare(waitlist_entries.id)}, ranked.${bare(waitlist_entries.product)},
      ranked.base, refs.referrals,
      ranked.base - refs.referrals * ${placesSql(places, 'ranked')} AS sort_key
    FROM ranked JOIN refs ON refs.${bare(waitlist_entries.id)} = ranked.${bare(waitlist_entries.id)}),
  asked AS (
    SELECT e.${bare(waitlist_entries.id)}, e.${bare(waitlist_entries.product)}, e.base,
      coalesce(m.referrals, 0) AS referrals,
      coalesce(m.sort_key, e.base) AS sort_key
    FROM ranked e LEFT JOIN movers m ON m.${bare(waitlist_entries.id)} = e.${bare(waitlist_entries.id)}
    ${ids ? sql`WHERE e.${bare(waitlist_entries.id)} IN (${ids})` : sql``})
  SELECT a.${bare(waitlist_entries.id)}, a.${bare(waitlist_entries.product)},
    a.referrals::int AS referrals,
    (greatest(a.sort_key - 1, 0)
      - (SELECT count(*) FROM movers m WHERE m.${bare(waitlist_entries.product)} = a.${bare(waitlist_entries.product)} AND m.base < a.sort_key)
      + (SELECT count(*) FROM movers m WHERE m.${bare(waitlist_entries.product)} = a.${bare(waitlist_entries.product)} AND m.${bare(waitlist_entries.id)} <> a.${bare(waitlist_entries.id)}
          AND (m.sort_key, -m.referrals, m.base) < (a.sort_key, -a.referrals, a.base))
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
    SELECT l.position, l.referrals, (SELECT coalesce(sum(${bare(waitlist_line_counts.entries)}),
      0)::int
        FROM ${waitlist_line_counts} WHERE ${bare(waitlist_line_counts.product)} = ${entry.product}) AS total
    FROM (${waitlistLine(places, { product: entry.product, ids: sql`${entry.id}` })}) l`)
  const row = result.rows[0] as Standing | undefined
  if (!row) throw new Error(`waitlist entry ${entry.id} is not in the ${entry.product} line`)
  return row
}
