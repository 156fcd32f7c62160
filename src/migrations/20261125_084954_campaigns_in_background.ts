import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_campaigns_audience" AS ENUM('all-newsletter', 'all-active', 'all-inactive', 'all-waitlist');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'sendCampaign' BEFORE 'sendSequenceSteps';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'sendCampaign' BEFORE 'sendSequenceSteps';
  ALTER TABLE "campaigns" ADD COLUMN "audience" "enum_campaigns_audience";
  ALTER TABLE "campaigns" ADD COLUMN "message" varchar;
  ALTER TABLE "campaigns" ADD COLUMN "html_content" varchar;
  ALTER TABLE "campaigns" ADD COLUMN "scheduled_at" timestamp(3) with time zone;
  ALTER TABLE "campaigns" ADD COLUMN "sent_by_id" integer;
  ALTER TABLE "campaigns" ADD COLUMN "idempotency_key" varchar;
  ALTER TABLE "campaigns" ADD COLUMN "recipient_cursor" varchar;
  ALTER TABLE "campaigns" ADD COLUMN "total_recipients" numeric;
  ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE UNIQUE INDEX "campaign_toEmail_idx" ON "email_logs" USING btree ("campaign_id","to_email");
  CREATE INDEX "campaigns_scheduled_at_idx" ON "campaigns" USING btree ("scheduled_at");
  CREATE INDEX "campaigns_sent_by_idx" ON "campaigns" USING btree ("sent_by_id");
  CREATE UNIQUE INDEX "campaigns_idempotency_key_idx" ON "campaigns" USING btree ("idempotency_key");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_sent_by_id_users_id_fk";
  
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendEmail', 'sendSequenceSteps', 'rollupDeliverabilityMetrics', 'purgeExpiredData', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendEmail', 'sendSequenceSteps', 'rollupDeliverabilityMetrics', 'purgeExpiredData', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "campaign_toEmail_idx";
  DROP INDEX "campaigns_scheduled_at_idx";
  DROP INDEX "campaigns_sent_by_idx";
  DROP INDEX "campaigns_idempotency_key_idx";
  ALTER TABLE "campaigns" DROP COLUMN "audience";
  ALTER TABLE "campaigns" DROP COLUMN "message";
  ALTER TABLE "campaigns" DROP COLUMN "html_content";
  ALTER TABLE "campaigns" DROP COLUMN "scheduled_at";
  ALTER TABLE "campaigns" DROP COLUMN "sent_by_id";
  ALTER TABLE "campaigns" DROP COLUMN "idempotency_key";
  ALTER TABLE "campaigns" DROP COLUMN "recipient_cursor";
  ALTER TABLE "campaigns" DROP COLUMN "total_recipients";
  DROP TYPE "public"."enum_campaigns_audience";`)
}
