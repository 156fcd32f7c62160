import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE INDEX "waitlist_entries_email_lower_idx" ON "waitlist_entries" USING btree (lower("email"));
  CREATE INDEX "newsletter_subscribers_email_lower_idx" ON "newsletter_subscribers" USING btree (lower("email"));
  CREATE INDEX "email_suppressions_email_lower_idx" ON "email_suppressions" USING btree (lower("email"));
  CREATE INDEX "suppressed_emails_email_lower_idx" ON "suppressed_emails" USING btree (lower("email"));
  CREATE INDEX "bounce_events_email_lower_idx" ON "bounce_events" USING btree (lower("email"));
  CREATE INDEX "email_preferences_email_lower_idx" ON "email_preferences" USING btree (lower("email"));
  CREATE INDEX "sequence_enrollments_email_lower_idx" ON "sequence_enrollments" USING btree (lower("email"));`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "waitlist_entries_email_lower_idx";
  DROP INDEX "newsletter_subscribers_email_lower_idx";
  DROP INDEX "email_suppressions_email_lower_idx";
  DROP INDEX "suppressed_emails_email_lower_idx";
  DROP INDEX "bounce_events_email_lower_idx";
  DROP INDEX "email_preferences_email_lower_idx";
  DROP INDEX "sequence_enrollments_email_lower_idx";`)
}
