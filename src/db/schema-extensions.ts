/**
 * What the database holds beyond the collections' tables (schema.generated.ts): two tables of our
 * own, the indexes Payload's field options cannot express, and the precision of the deliverability
 * rates. Defined once here; `extendSchema` adds them to Payload's Drizzle schema (payload.config.ts,
 * afterSchemaInit), the migrations create them, and statements read them through src/db.
 */
import { sql } from '@payloadcms/db-postgres/drizzle'
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from '@payloadcms/db-postgres/drizzle/pg-core'
import type { PostgresAdapterArgs } from '@payloadcms/db-postgres'

import { users } from './schema.generated'

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
 * How many entries of each product's line joined in each UTC hour (`hour`: hours since the epoch),
 * kept by triggers on waitlist_entries in a few shard rows per product and hour like
 * waitlist_line_counts (decision 0235): an entry's rank in its line is the entries of the hours
 * before its own plus those before it in its hour, counted without reading the whole line.
 */
export const waitlist_line_hours = pgTable(
  'waitlist_line_hours',
  {
    product: text('product').notNull(),
    hour: integer('hour').notNull(),
    shard: smallint('shard').notNull(),
    entries: integer('entries').notNull(),
  },
  (table) => [primaryKey({ columns: [table.product, table.hour, table.shard] })],
)

/**
 * How many confirmed entries each referrer referred, per product of the referred entry, kept by
 * triggers on waitlist_entries (decision 0255): the leaderboard reads its top referrers from an
 * index in board order and a page of the list its movers' referrals by key, without grouping
 * every referral. A count brought to zero is removed.
 */
export const waitlist_referral_counts = pgTable(
  'waitlist_referral_counts',
  {
    referrerId: integer('referrer_id').notNull(),
    product: text('product').notNull(),
    referrals: integer('referral_count').notNull(),
    /** The referrer's joining time: of an equal number of referrals the earlier joiner is ahead. */
    referrerJoinedAt: timestamp('referrer_joined_at', {
      withTimezone: true,
      mode: 'string',
      precision: 3,
    }),
  },
  (table) => [
    primaryKey({ columns: [table.referrerId, table.product] }),
    index('waitlist_referral_counts_top_idx').on(
      table.product,
      table.referrals.desc(),
      table.referrerJoinedAt,
      table.referrerId,
    ),
  ],
)

/**
 * How many waitlist entries of each product that joined on each UTC day are confirmed, kept by
 * triggers on waitlist_entries in a few shard rows per product and day (decision 0255): the
 * Overview's funnel counts its confirmed step without reading the range's entries.
 */
export const waitlist_confirmed_days = pgTable(
  'waitlist_confirmed_days',
  {
    product: text('product').notNull(),
    day: date('joined_day', { mode: 'string' }).notNull(),
    shard: smallint('shard').notNull(),
    entries: integer('entries').notNull(),
  },
  (table) => [primaryKey({ columns: [table.product, table.day, table.shard] })],
)

/**
 * How many newsletter subscribers subscribed on each UTC day (`infinity` for those without a
 * date), kept by triggers on newsletter_subscribers in a few shard rows per day (decision 0255):
 * the Overview's newsletter total, growth line and chart without counting the subscribers.
 */
export const newsletter_subscriber_days = pgTable(
  'newsletter_subscriber_days',
  {
    day: date('subscribed_day', { mode: 'string' }).notNull(),
    shard: smallint('shard').notNull(),
    subscribers: integer('subscribers').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.shard] })],
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
 * Engagement events rolled up (decision 0195): per UTC hour, how many events had each value of a
 * dimension (`page`, `source`, `campaign` and `device` of page views, `scroll` depth). Sums over
 * hours answer every count and top list of the dashboard.
 */
export const engagement_hourly_counts = pgTable(
  'engagement_hourly_counts',
  {
    dimension: text('dimension').notNull(),
    hour: timestamp('hour', { withTimezone: true, mode: 'string' }).notNull(),
    value: text('value'),
    events: integer('events').notNull(),
  },
  (table) => [
    unique('engagement_hourly_counts_key')
      .on(table.dimension, table.hour, table.value)
      .nullsNotDistinct(),
  ],
)

/**
 * Each tab session's page views per UTC day (decision 0195), with its views of the waitlist page:
 * distinct visitors and the funnel's sessions over a range of days, exactly. The shared anonymous
 * session is no one visitor and is left out.
 */
export const engagement_session_days = pgTable(
  'engagement_session_days',
  {
    date: date('date', { mode: 'string' }).notNull(),
    sessionId: text('session_id').notNull(),
    pageViews: integer('page_views').notNull(),
    /** Views of /waitlist without the page's own product event (the default product's). */
    waitlistViews: integer('waitlist_views').notNull(),
    /** The waitlist page's product events, and the products they named. */
    productViews: integer('product_views').notNull(),
    products: text('products').array().notNull(),
    /** The session was seen on other days too: the funnel groups its days (else it is summed). */
    multiDay: boolean('multi_day').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.date, table.sessionId] }),
    index('engagement_session_days_session_idx').on(table.sessionId, table.date),
    index('engagement_session_days_multi_day_idx')
      .on(table.date)
      .where(sql`${table.multiDay} AND (${table.waitlistViews} > 0 OR ${table.productViews} > 0)`),
  ],
)

/**
 * Per UTC day and product, the sessions seen on that day only that reached the product's waitlist
 * page (its product event, or more plain views than product events for the default product).
 */
export const engagement_waitlist_days = pgTable(
  'engagement_waitlist_days',
  {
    date: date('date', { mode: 'string' }).notNull(),
    product: text('product').notNull(),
    sessions: integer('sessions').notNull(),
  },
  (table) => [primaryKey({ columns: [table.date, table.product] })],
)

/**
 * Sessions per UTC day by the day the same session was last seen before (none: its first day).
 * Distinct sessions over days a..b are the sessions of those days whose day before is none or
 * before a: a sum over a few rows, however many sessions there were.
 */
export const engagement_visitor_days = pgTable(
  'engagement_visitor_days',
  {
    date: date('date', { mode: 'string' }).notNull(),
    previousDate: date('previous_date', { mode: 'string' }),
    sessions: integer('sessions').notNull(),
  },
  (table) => [
    unique('engagement_visitor_days_key').on(table.date, table.previousDate).nullsNotDistinct(),
  ],
)

/** How far the rollups have read engagement_events: every row up to this id is in them. */
export const engagement_rollup_state = pgTable('engagement_rollup_state', {
  name: text('name').primaryKey(),
  rolledThrough: integer('rolled_through').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull(),
})

/**
 * Real visitors' Web Vitals (decision 0220), one row per page view: the route's pattern, the device
 * class, the connection type when the browser told it, and the metrics measured (ms; CLS unitless).
 * No address, session or person. Written through the analytics buffer, rolled up into
 * web_vitals_daily, kept as long as the other events.
 */
export const web_vitals = pgTable(
  'web_vitals',
  {
    id: serial('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .defaultNow(),
    route: text('route').notNull(),
    device: text('device').notNull(),
    connection: text('connection'),
    lcp: real('lcp'),
    inp: real('inp'),
    cls: real('cls'),
    fcp: real('fcp'),
    ttfb: real('ttfb'),
  },
  (table) => [index('web_vitals_created_at_idx').on(table.createdAt)],
)

/**
 * Web Vitals rolled up (decision 0221): per UTC day, route, device class and metric, how many page
 * views fell in each bucket of a fixed log-spaced histogram (src/lib/vitals.ts). Percentiles do not
 * add up; histograms do.
 */
export const web_vitals_daily = pgTable(
  'web_vitals_daily',
  {
    date: date('date', { mode: 'string' }).notNull(),
    route: text('route').notNull(),
    device: text('device').notNull(),
    metric: text('metric').notNull(),
    bucket: smallint('bucket').notNull(),
    samples: integer('samples').notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.date, table.route, table.device, table.metric, table.bucket],
    }),
  ],
)

/**
 * The sending rate every instance shares (decision 0200): one token bucket per key, refilled at
 * the configured messages per second; an instance takes tokens in one UPDATE before it sends.
 */
export const email_send_rate = pgTable('email_send_rate', {
  key: text('key').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  refilledAt: timestamp('refilled_at', { withTimezone: true, mode: 'string' }).notNull(),
})

/**
 * Every backup taken (`npm run backup`, the embedded default's daily one; decision 0230), written
 * when its file is complete: the last one is shown to the team whichever instance or machine took
 * it. A scheduled backup names its UTC day, once (`scheduled_day` is unique), so restarts neither
 * skip nor double a day.
 */
export const backups = pgTable('backups', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  backedUpAt: timestamp('backed_up_at', { withTimezone: true, mode: 'string' }).notNull(),
  file: text('file').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  kind: text('kind').notNull(),
  scheduledDay: date('scheduled_day', { mode: 'string' }).unique('backups_scheduled_day_key'),
})

/**
 * When each signed-in session (a row of users_sessions, Payload's own) was last used, and from
 * where (decision 0215): written at most once a minute per session, read on every signed-in request
 * to end sessions left idle. Not tied to users_sessions by a key: Payload rewrites those rows
 * whenever it saves the user.
 */
export const user_session_activity = pgTable(
  'user_session_activity',
  {
    sessionId: text('session_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'string' }).notNull(),
    /** The browser's User-Agent as sent (at most 512 characters). */
    userAgent: text('user_agent'),
    /** The network, never the full address: an IPv4 /24 or an IPv6 /48. */
    network: text('network'),
  },
  (table) => [index('user_session_activity_user_idx').on(table.userId)],
)

/**
 * One row per running instance of the site (decision 0226), written every HEARTBEAT_SECONDS: the
 * System view lists those seen lately and shows the others as missing until they are dropped.
 */
export const instance_heartbeats = pgTable('instance_heartbeats', {
  instanceId: text('instance_id').primaryKey(),
  buildId: text('build_id').notNull(),
  version: text('version').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'string' }).notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'string' }).notNull(),
})

/**
 * Answers that failed on the server (status 500 or more), kept a day and at most a few thousand
 * (decision 0227): when, which instance, the request id, the route group or pattern, and the
 * error's class. Never a path, a query or a message: those may hold personal data.
 */
export const request_errors = pgTable(
  'request_errors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'string' }).notNull(),
    instanceId: text('instance_id').notNull(),
    requestId: text('request_id'),
    route: text('route').notNull(),
    method: text('method').notNull(),
    status: smallint('status').notNull(),
    errorClass: text('error_class').notNull(),
  },
  (table) => [index('request_errors_occurred_at_idx').on(table.occurredAt)],
)

/**
 * Second factors of user accounts (decision 0210), outside the users collection so that no REST,
 * GraphQL or admin door can read them: a TOTP secret sealed with a key derived from the Payload
 * secret, with the last time step accepted (a code is taken once); recovery codes as keyed hashes,
 * one row each (using one deletes it); passkeys' public keys. Removed with their user (Users hook).
 */
export const second_factor_totp = pgTable('second_factor_totp', {
  userId: integer('user_id').primaryKey(),
  secret: text('secret').notNull(),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
})

export const second_factor_recovery_codes = pgTable(
  'second_factor_recovery_codes',
  {
    userId: integer('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.codeHash] })],
)

export const second_factor_passkeys = pgTable(
  'second_factor_passkeys',
  {
    credentialId: text('credential_id').primaryKey(),
    userId: integer('user_id').notNull(),
    name: text('name').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull(),
    transports: text('transports').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'string' }),
  },
  (table) => [index('second_factor_passkeys_user_idx').on(table.userId)],
)

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
      // The counted referrals of every referrer, read from the index alone (decision 0235).
      waitlist_entries_referrals_idx: index('waitlist_entries_referrals_idx')
        .on(table.referredBy, table.product)
        .where(sql`${table.referredBy} IS NOT NULL AND ${table.confirmedAt} IS NOT NULL`),
      // A product's entries of one status, newest first, and their count (the list's filters).
      waitlist_entries_product_status_idx: index('waitlist_entries_product_status_idx').on(
        table.product,
        table.status,
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
  // The email queue's jobs that may be due, in the order a tick takes them (jobs/queue.ts): jobs
  // finished or in flight stay out of the index, so a tick reads the hundred it claims instead of
  // scanning and sorting the whole backlog (a launch's confirmations pile up faster than they go).
  extendTable({
    table: schema.tables.payload_jobs,
    extraConfig: (table) => ({
      payload_jobs_due_idx: index('payload_jobs_due_idx')
        .on(sql`(${table.taskSlug} = 'sendEmail')`, table.createdAt)
        .where(
          sql`${table.completedAt} IS NULL AND ${table.hasError} IS NOT true AND ${table.processing} IS NOT true`,
        ),
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
  schema.tables.waitlist_line_hours = waitlist_line_hours
  schema.tables.waitlist_referral_counts = waitlist_referral_counts
  schema.tables.waitlist_confirmed_days = waitlist_confirmed_days
  schema.tables.newsletter_subscriber_days = newsletter_subscriber_days
  schema.tables.page_cache_revalidations = page_cache_revalidations
  schema.tables.engagement_hourly_counts = engagement_hourly_counts
  schema.tables.engagement_session_days = engagement_session_days
  schema.tables.engagement_visitor_days = engagement_visitor_days
  schema.tables.engagement_waitlist_days = engagement_waitlist_days
  schema.tables.engagement_rollup_state = engagement_rollup_state
  schema.tables.email_send_rate = email_send_rate
  schema.tables.web_vitals = web_vitals
  schema.tables.web_vitals_daily = web_vitals_daily
  schema.tables.backups = backups
  schema.tables.user_session_activity = user_session_activity
  schema.tables.instance_heartbeats = instance_heartbeats
  schema.tables.request_errors = request_errors
  schema.tables.second_factor_totp = second_factor_totp
  schema.tables.second_factor_recovery_codes = second_factor_recovery_codes
  schema.tables.second_factor_passkeys = second_factor_passkeys
  return schema
}
