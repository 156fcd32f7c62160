import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'

/**
 * The funnel's last step, as one condition on a waitlist entry (`entry` is its table alias): its
 * owner confirmed the address with the waitlist's own confirmation email (decision 0119).
 */
export const isConfirmedSignup = (entry: SQL): SQL => sql`${entry}.confirmed_at IS NOT NULL`
