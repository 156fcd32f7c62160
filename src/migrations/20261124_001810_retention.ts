import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'purgeExpiredData' BEFORE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'purgeExpiredData' BEFORE 'schedulePublish';
  ALTER TABLE "site_settings" ADD COLUMN "retention_events_months" numeric DEFAULT 13;
  ALTER TABLE "site_settings" ADD COLUMN "retention_email_bodies_months" numeric DEFAULT 12;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_retention_events_months" numeric DEFAULT 13;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_retention_email_bodies_months" numeric DEFAULT 12;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  // Jobs of the removed task would not fit the narrower enum.
  await db.execute(sql`
   DELETE FROM "payload_jobs_log" WHERE "task_slug" = 'purgeExpiredData';
  DELETE FROM "payload_jobs" WHERE "task_slug" = 'purgeExpiredData';
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendEmail', 'sendSequenceSteps', 'rollupDeliverabilityMetrics', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendEmail', 'sendSequenceSteps', 'rollupDeliverabilityMetrics', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  ALTER TABLE "site_settings" DROP COLUMN "retention_events_months";
  ALTER TABLE "site_settings" DROP COLUMN "retention_email_bodies_months";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_retention_events_months";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_retention_email_bodies_months";`)
}
