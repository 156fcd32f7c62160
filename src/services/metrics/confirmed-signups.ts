import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'

/**
 * The funnel's last step, as one condition on a waitlist entry (`entry` is its table alias):
 * the entry's address has been confirmed by its owner. Waitlist signups have no confirmation of
 * their own yet, so the proof available is the newsletter's double opt-in of the same address
 * (addresses are stored lower-cased by every signup form). When waitlist entries get their own
 * confirmation, this is the one place to change.
 */
export const isConfirmedSignup = (entry: SQL): SQL =>
  sql`EXISTS (SELECT 1 FROM newsletter_subscribers confirmed
    WHERE confirmed.email = ${entry}.email AND confirmed.double_opt_in_confirmed)`
