/**
 * The one import for hand-written statements: every table of the database (the collections' tables
 * generated from payload.config.ts, and schema-extensions.ts) and the few helpers typed raw SQL
 * needs. A column written `${waitlist_entries.email}` renders as "waitlist_entries"."email", so a
 * renamed field fails the type check at every statement that names it (decision 0172).
 */
import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { PgColumn } from '@payloadcms/db-postgres/drizzle/pg-core'

export * from './schema.generated'
export {
  backups,
  engagement_hourly_counts,
  engagement_rollup_state,
  engagement_session_days,
  engagement_visitor_days,
  engagement_waitlist_days,
  email_send_rate,
  instance_heartbeats,
  page_cache_revalidations,
  user_session_activity,
  request_errors,
  second_factor_passkeys,
  second_factor_recovery_codes,
  second_factor_totp,
  waitlist_line_counts,
  web_vitals,
  web_vitals_daily,
  waitlist_line_hours,
  waitlist_referral_counts,
  waitlist_confirmed_days,
  newsletter_subscriber_days,
} from './schema-extensions'
export { alias } from '@payloadcms/db-postgres/drizzle/pg-core'

/**
 * A column's bare name ("email"), where PostgreSQL takes no table before it: an INSERT's column
 * list, a SET target, ON CONFLICT's columns, a CTE's output column. Several columns: comma-separated.
 */
export const bare = (...columns: PgColumn[]): SQL =>
  sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  )

/** An enum's type name, for a cast: `${value}::${enumType(enum_email_logs_status)}`. */
export const enumType = (type: { enumName: string }): SQL => sql`${sql.identifier(type.enumName)}`
