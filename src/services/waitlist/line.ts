import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import {
  alias,
  bare,
  enum_waitlist_entries_product,
  enumType,
  waitlist_entries,
  waitlist_line_counts,
  waitlist_line_hours,
  waitlist_referral_counts,
} from '@/db'
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

export type Place = { position: number; referrals: number }

type Executor = { execute: (query: SQL) => Promise<{ rows: unknown[] }> }

const inList = (values: (number | string)[], type: SQL) =>
  sql.join(
    values.map((value) => sql`${value}::${type}`),
    sql`, `,
  )

/**
 * The confirmed referrals of the entry whose id is `id` (an SQL expression), of one product's
 * referred entries or all, from the counts the triggers keep (decision 0255); NULL for none.
 */
export const referralsOf = (id: SQL, product?: Product): SQL => {
  const c = waitlist_referral_counts
  return sql`(SELECT sum(${bare(c.referrals)})::int FROM ${c}
    WHERE ${bare(c.referrerId)} = ${id} ${product ? sql`AND ${bare(c.product)} = ${product}` : sql``}
    HAVING sum(${bare(c.referrals)}) > 0)`
}

/**
 * At least the most referrals of anyone (of one product's referred entries, or all): with a
 * product its largest count; without, the sum of each product's largest (a referrer's referrals
 * over every product are at most that). Read from the counts' index.
 */
const mostReferrals = (product?: Product): SQL => {
  const c = waitlist_referral_counts
  const most = (
    line: SQL,
  ) => sql`(SELECT ${bare(c.referrals)} FROM ${c} WHERE ${bare(c.product)} = ${line}
    ORDER BY ${bare(c.referrals)} DESC LIMIT 1)`
  return product
    ? sql`coalesce(${most(sql`${product}`)}, 0)`
    : sql`coalesce((SELECT sum(${most(sql`p.line`)}) FROM unnest(ARRAY[${inList(
        [...PRODUCTS],
        sql`text`,
      )}]) AS p(line)), 0)::int`
}

/**
 * The places of a few entries (a page of a list), the same numbers as `waitlistLine` without its
 * pass over the whole line (decision 0235). For an entry e of product P, with base(e) its rank in
 * order of joining, r(e) its counted referrals, p the places per referral and k(e) = base(e) − r(e)·p:
 * every entry joined before rank k(e) is ahead of e, no entry without referrals at or after k(e)
 * is, and of the movers (entries with referrals) at or after k(e) only those up to rank k(e) + R
 * (R: the most referrals of any entry times p) can be. So
 *   position(e) = max(k(e) − 1, 0) + #{movers x ≠ e, k(e) ≤ base(x) ≤ k(e) + R, x before e in the
 *   line's order (sort key, more referrals, base)} + 1.
 * A rank is the entries of the hours before (waitlist_line_hours) plus those before it in its hour,
 * and the movers of ranks k(e)…k(e) + R are read from the start of the hour holding k(e): a page
 * costs an hour's entries and R per entry, whatever the line's length. One REPEATABLE READ
 * transaction, so every count reads the same line.
 */
export const placesOf = async (
  payload: Payload,
  places: PlacesPerReferral,
  ids: number[],
  options: { product?: Product } = {},
): Promise<Map<number, Place>> => {
  const found = new Map<number, Place>()
  if (ids.length === 0) return found
  const e = waitlist_entries
  const h = waitlist_line_hours
  const { product } = options
  const productType = enumType(enum_waitlist_entries_product)
  return payload.db.drizzle.transaction(
    async (tx) => {
      const db = tx as unknown as Executor
      const rows = async <T>(query: SQL) => (await db.execute(query)).rows as T[]
      // The asked entries with their referrals (kept counts, decision 0255) and rank; at least the
      // most referrals of anyone (a bound on how far a mover moves: reading more of the line costs
      // time, never a wrong place); and the lines holding an entry without a joining time (those
      // sort last: the whole line is counted).
      const asked = await rows<{
        id: number
        product: Product
        referrals: number
        base: number | null
        hour: number | null
        hour_before: number | null
        reach: number
        undated: boolean
      }>(sql`
        -- The ids as one array parameter: an export asks for 1,000 at a time, and a parameter
        -- apiece is as many objects to build and collect per page (decision 0267).
        WITH a AS MATERIALIZED (SELECT ${w.id}, ${w.product}, ${w.joinedAt} AS joined,
            waitlist_line_hour(${w.joinedAt}) AS hour
          FROM ${e} ${w} WHERE ${w.id} = ANY(${`{${ids.join(',')}}`}::int[])
          ${product ? sql`AND ${w.product} = ${product}` : sql``}),
        hours AS MATERIALIZED (
          SELECT ${bare(h.product)} AS product, ${bare(h.hour)} AS hour,
            sum(sum(${bare(h.entries)})) OVER (PARTITION BY ${bare(h.product)} ORDER BY ${bare(h.hour)})
              - sum(${bare(h.entries)}) AS before
          FROM ${h} WHERE ${bare(h.product)} IN (SELECT DISTINCT a.${bare(e.product)}::text FROM a)
          GROUP BY ${bare(h.product)}, ${bare(h.hour)})
        SELECT a.${bare(e.id)}, a.${bare(e.product)}::text AS product,
          coalesce(${referralsOf(sql`a.${bare(e.id)}`, product)}, 0)::int AS referrals,
          (hours.before + (SELECT count(*) FROM ${e} x WHERE x.${bare(e.product)} = a.${bare(e.product)}
              AND x.${bare(e.joinedAt)} >= to_timestamp(a.${bare(h.hour)}::double precision * 3600)
              AND (x.${bare(e.joinedAt)}, x.${bare(e.id)}) <= (a.joined, a.${bare(e.id)})))::int AS base,
          a.${bare(h.hour)}, hours.before::int AS hour_before,
          ${mostReferrals(product)} AS reach,
          EXISTS (SELECT 1 FROM ${e} x WHERE x.${bare(e.product)} = a.${bare(e.product)}
            AND x.${bare(e.joinedAt)} IS NULL) AS undated
        FROM a LEFT JOIN hours ON hours.${bare(h.product)} = a.${bare(e.product)}::text AND hours.${bare(h.hour)} = a.${bare(h.hour)}`)
      // The windows of every line: [lo, hi] in ranks, and where to start reading the line. An
      // entry's window starts in its own hour when the hour's earlier entries are below k(e)
      // (any entry without referrals, most movers); else the start is searched in the line's
      // running sums of the hours (`hours`, computed for those lines only).
      type Window = {
        line: Product
        lo: number
        hi: number
        hour: number | null
        before: number | null
      }
      const windows: Window[] = []
      const lines: {
        line: Product
        reach: number
        wanted: ((typeof asked)[number] & { base: number; key: number })[]
      }[] = []
      for (const line of PRODUCTS) {
        const mine = asked.filter((entry) => entry.product === line)
        if (mine.length === 0) continue
        if (mine[0].undated) {
          const counted = await rows<{ id: number; position: number; referrals: number }>(
            sql`SELECT ${bare(e.id)}, position, referrals FROM (${waitlistLine(places, {
              product,
              ids: sql`SELECT unnest(ARRAY[${inList(
                mine.map((entry) => entry.id),
                sql`int`,
              )}])`,
            })}) l`,
          )
          for (const row of counted)
            found.set(Number(row.id), { position: row.position, referrals: row.referrals })
          continue
        }
        const p = places[line]
        const reach = mine[0].reach * p
        const wanted = mine.map((entry) => {
          const base = Number(entry.base)
          return { ...entry, base, key: base - entry.referrals * p }
        })
        lines.push({ line, reach, wanted })
        // The movers of ranks k(e)…k(e) + R of each asked entry, each stretch once: overlapping
        // windows merged, so a page of neighbours reads its stretch of the line once.
        let last: Window | undefined
        for (const entry of [...wanted].sort((a, b) => a.key - b.key)) {
          const lo = Math.max(entry.key, 1)
          const hi = entry.key + reach
          if (last && lo <= last.hi + 1) {
            last.hi = Math.max(last.hi, hi)
            continue
          }
          const inItsHour =
            entry.hour !== null && entry.hour_before !== null && Number(entry.hour_before) < lo
          last = {
            line,
            lo,
            hi,
            hour: inItsHour ? Number(entry.hour) : null,
            before: inItsHour ? Number(entry.hour_before) : null,
          }
          windows.push(last)
        }
      }
      if (lines.length === 0) return found
      const searched = [...new Set(windows.filter((w) => w.hour === null).map((w) => w.line))]
      const column = <K extends keyof Window>(key: K, type: SQL) =>
        sql`ARRAY[${sql.join(
          windows.map((window) => sql`${window[key]}::${type}`),
          sql`, `,
        )}]`
      const movers = await rows<{
        product: Product
        id: number
        base: number
        referrals: number
      }>(sql`
        WITH hours AS MATERIALIZED (
          SELECT ${bare(h.product)} AS line, ${bare(h.hour)} AS at_hour,
            sum(sum(${bare(h.entries)})) OVER (PARTITION BY ${bare(h.product)} ORDER BY ${bare(h.hour)})
              - sum(${bare(h.entries)}) AS before
          FROM ${h} WHERE ${bare(h.product)} = ANY(ARRAY[${searched.length ? inList(searched, sql`text`) : sql``}]::text[])
          GROUP BY ${bare(h.product)}, ${bare(h.hour)}),
        windows AS (
          SELECT win.line, win.lo, win.hi, coalesce(win.from_hour, start.at_hour) AS from_hour,
            coalesce(win.before, start.before) AS before
          FROM unnest(${column('line', sql`text`)}, ${column('lo', sql`int`)}, ${column('hi', sql`int`)},
              ${column('hour', sql`int`)}, ${column('before', sql`int`)}) AS win(line, lo, hi, from_hour, before)
            LEFT JOIN LATERAL (SELECT hours.at_hour, hours.before::int AS before FROM hours
              WHERE win.from_hour IS NULL AND hours.line = win.line AND hours.before < win.lo
              ORDER BY hours.at_hour DESC LIMIT 1) start ON TRUE)
        SELECT DISTINCT windows.line AS product, s.${bare(e.id)}, s.base, r.referrals
        FROM windows CROSS JOIN LATERAL (
          SELECT t.${bare(e.id)}, (windows.before + row_number() OVER (ORDER BY t.${bare(e.joinedAt)}, t.${bare(e.id)}))::int AS base
          FROM (SELECT ${bare(e.id, e.joinedAt)} FROM ${e}
            WHERE ${bare(e.product)} = windows.line::${productType}
              AND ${bare(e.joinedAt)} >= to_timestamp(windows.from_hour::double precision * 3600)
            ORDER BY ${bare(e.joinedAt, e.id)} LIMIT greatest(windows.hi - windows.before, 0)) t) s
          CROSS JOIN LATERAL (SELECT ${referralsOf(sql`s.${bare(e.id)}`, product)} AS referrals) r
        WHERE s.base >= windows.lo AND r.referrals IS NOT NULL`)
      for (const { line, reach, wanted } of lines) {
        const p = places[line]
        const ordered = movers
          .filter((mover) => mover.product === line)
          .map((mover) => ({
            id: Number(mover.id),
            base: mover.base,
            referrals: mover.referrals,
            key: mover.base - mover.referrals * p,
          }))
        for (const entry of wanted) {
          let ahead = Math.max(entry.key - 1, 0)
          for (const mover of ordered) {
            if (mover.id === entry.id || mover.base < entry.key || mover.base > entry.key + reach)
              continue
            if (
              mover.key < entry.key ||
              (mover.key === entry.key &&
                (mover.referrals > entry.referrals ||
                  (mover.referrals === entry.referrals && mover.base < entry.base)))
            )
              ahead++
          }
          found.set(entry.id, { position: ahead + 1, referrals: entry.referrals })
        }
      }
      return found
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}
