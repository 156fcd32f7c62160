/**
 * What the database holds beyond the collections' tables (schema.generated.ts): two tables of our
 * own, the indexes Payload's field options cannot express, and the precision of the deliverability
 * rates. Defined once here; `extendSchema` adds them to Payload's Drizzle schema (payload.config.ts,
 * afterSchemaInit), the migrations create them, and statements read them through src/db.
 */
import { sql } from '@payloadcms/db-postgres/drizzle'
import {
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from '@payloadcms/db-postgres/drizzle/pg-core'
import type { PostgresAdapterArgs } from '@payloadcms/db-postgres'

/**
 * How many entries each product's line holds, kept by triggers on waitlist_entries in a few rows
 * per product (decision 0124): a signup reads its place without counting.
 */
export const waitlist_line_counts = pgTable(
  'waitlist_line_counts',
  {
    product: text('product').notNull(),
    shard: smallint('shard').notNull(),
    entries: integer('entries').notNull(),
  },
  (table) => [primaryKey({ columns: [table.product, table.shard] })],
)

/**
 * When each page-cache tag (a page's path) was last revalidated, read by every instance of the site
 * (src/lib/page-cache/shared-revalidation.mjs, decision 0150).
 */
export const page_cache_revalidations = pgTable('page_cache_revalidations', {
  tag: text('tag').primaryKey(),
  revalidatedAt: timestamp('revalidated_at', { withTimezone: true, mode: 'string' }).notNull(),
  expireSeconds: doublePrecision('expire_seconds'),
})

/**
 * The sending rate every instance shares (decision 0200): one token bucket per key, refilled at
 * the configured messages per second; an instance takes tokens in one UPDATE before it sends.
 */
export const email_send_rate = pgTable('email_send_rate', {
  key: text('key').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  refilledAt: timestamp('refilled_at', { withTimezone: true, mode: 'string' }).notNull(),
})

const rate = (column: string) => numeric(column, { precision: 5, scale: 2 })

/** Addresses are looked up case-insensitively (lower(email) = lower($1)): one index per table for it. */
const EMAIL_LOOKUP_TABLES = [
  'newsletter_subscribers',
  'waitlist_entries',
  'email_preferences',
  'email_suppressions',
  'sequence_enrollments',
  'bounce_events',
]

type SchemaHook = NonNullable<PostgresAdapterArgs['afterSchemaInit']>[number]

/** Adds this module's tables, indexes and column types to Payload's schema (afterSchemaInit). */
export const extendSchema: SchemaHook = ({ schema, extendTable }) => {
  extendTable({
    table: schema.tables.deliverability_metrics,
    columns: {
      deliveryRate: rate('delivery_rate'),
      bounceRate: rate('bounce_rate'),
      spamRate: rate('spam_rate'),
    },
  })
  // A waitlist's line in the order people joined, read in order without a sort
  // (services/waitlist/line.ts); Payload's compound indexes cannot name `id`.
  extendTable({
    table: schema.tables.waitlist_entries,
    extraConfig: (table) => ({
      waitlist_entries_line_idx: index('waitlist_entries_line_idx').on(
        table.product,
        table.joinedAt,
        table.id,
      ),
    }),
  })
  // A campaign's messages still to send, claimed in id order (services/campaigns/send-mail.ts):
  // the rows already sent stay out of the index, so a claim does not step over them.
  extendTable({
    table: schema.tables.email_logs,
    extraConfig: (table) => ({
      email_logs_campaign_queued_idx: index('email_logs_campaign_queued_idx')
        .on(table.campaign, table.id)
        .where(sql`${table.status} = 'queued' AND ${table.campaign} IS NOT NULL`),
    }),
  })
  for (const name of EMAIL_LOOKUP_TABLES) {
    extendTable({
      table: schema.tables[name],
      extraConfig: (table) => ({
        [`${name}_email_lower_idx`]: index(`${name}_email_lower_idx`).on(
          sql`lower(${table.email})`,
        ),
      }),
    })
  }
  schema.tables.waitlist_line_counts = waitlist_line_counts
  schema.tables.page_cache_revalidations = page_cache_revalidations
  schema.tables.email_send_rate = email_send_rate
  return schema
}
