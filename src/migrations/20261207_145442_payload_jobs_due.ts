import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * The email queue's tick takes the next hundred due jobs in order (jobs/queue.ts); without an index
 * in that order PostgreSQL read and sorted every unfinished job for each hundred, so a backlog of
 * confirmations (a launch's signups arrive faster than a mail server takes them) made every claim
 * slower than the one before (decision 0279). The index holds only jobs not finished and not in
 * flight; the table holds few rows once the backlog is sent (finished jobs are deleted), so it is
 * built in a moment.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE INDEX "payload_jobs_due_idx" ON "payload_jobs" USING btree (("task_slug" = 'sendEmail'),"created_at") WHERE "payload_jobs"."completed_at" IS NULL AND "payload_jobs"."has_error" IS NOT true AND "payload_jobs"."processing" IS NOT true;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "payload_jobs_due_idx";`)
}
