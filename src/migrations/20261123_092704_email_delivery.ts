import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendEmail', 'sendSequenceSteps', 'rollupDeliverabilityMetrics');
  CREATE TYPE "public"."enum_payload_jobs_log_state" AS ENUM('failed', 'succeeded');
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendEmail', 'sendSequenceSteps', 'rollupDeliverabilityMetrics');
  CREATE TABLE "payload_jobs_log" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"executed_at" timestamp(3) with time zone NOT NULL,
  	"completed_at" timestamp(3) with time zone NOT NULL,
  	"task_slug" "enum_payload_jobs_log_task_slug" NOT NULL,
  	"task_i_d" varchar NOT NULL,
  	"input" jsonb,
  	"output" jsonb,
  	"state" "enum_payload_jobs_log_state" NOT NULL,
  	"error" jsonb
  );
  
  CREATE TABLE "payload_jobs" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"input" jsonb,
  	"completed_at" timestamp(3) with time zone,
  	"total_tried" numeric DEFAULT 0,
  	"has_error" boolean DEFAULT false,
  	"error" jsonb,
  	"task_slug" "enum_payload_jobs_task_slug",
  	"queue" varchar DEFAULT 'default',
  	"wait_until" timestamp(3) with time zone,
  	"processing" boolean DEFAULT false,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmation_sent_at" timestamp(3) with time zone;
  ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp(3) with time zone;
  ALTER TABLE "email_logs" ADD COLUMN "message_id" varchar;
  ALTER TABLE "email_logs" ADD COLUMN "is_bulk" boolean DEFAULT false;
  ALTER TABLE "email_logs" ADD COLUMN "campaign_id" integer;
  ALTER TABLE "email_logs" ADD COLUMN "attempts" numeric DEFAULT 0;
  ALTER TABLE "email_logs" ADD COLUMN "claimed_at" timestamp(3) with time zone;
  ALTER TABLE "email_logs" ADD COLUMN "delivered_at" timestamp(3) with time zone;
  ALTER TABLE "email_logs" ADD COLUMN "last_error" varchar;
  ALTER TABLE "email_logs" ADD COLUMN "skip_reason" varchar;
  ALTER TABLE "email_logs" ADD COLUMN "raw_message" varchar;
  ALTER TABLE "payload_jobs_log" ADD CONSTRAINT "payload_jobs_log_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."payload_jobs"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_jobs_log_order_idx" ON "payload_jobs_log" USING btree ("_order");
  CREATE INDEX "payload_jobs_log_parent_id_idx" ON "payload_jobs_log" USING btree ("_parent_id");
  CREATE INDEX "payload_jobs_completed_at_idx" ON "payload_jobs" USING btree ("completed_at");
  CREATE INDEX "payload_jobs_total_tried_idx" ON "payload_jobs" USING btree ("total_tried");
  CREATE INDEX "payload_jobs_has_error_idx" ON "payload_jobs" USING btree ("has_error");
  CREATE INDEX "payload_jobs_task_slug_idx" ON "payload_jobs" USING btree ("task_slug");
  CREATE INDEX "payload_jobs_queue_idx" ON "payload_jobs" USING btree ("queue");
  CREATE INDEX "payload_jobs_wait_until_idx" ON "payload_jobs" USING btree ("wait_until");
  CREATE INDEX "payload_jobs_processing_idx" ON "payload_jobs" USING btree ("processing");
  CREATE INDEX "payload_jobs_updated_at_idx" ON "payload_jobs" USING btree ("updated_at");
  CREATE INDEX "payload_jobs_created_at_idx" ON "payload_jobs" USING btree ("created_at");
  ALTER TABLE "email_logs" ADD CONSTRAINT "email_logs_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;
  CREATE UNIQUE INDEX "email_logs_message_id_idx" ON "email_logs" USING btree ("message_id");
  CREATE INDEX "email_logs_campaign_idx" ON "email_logs" USING btree ("campaign_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "payload_jobs_log" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "payload_jobs" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "payload_jobs_log" CASCADE;
  DROP TABLE "payload_jobs" CASCADE;
  ALTER TABLE "email_logs" DROP CONSTRAINT "email_logs_campaign_id_campaigns_id_fk";
  
  DROP INDEX "email_logs_message_id_idx";
  DROP INDEX "email_logs_campaign_idx";
  ALTER TABLE "newsletter_subscribers" DROP COLUMN "confirmation_sent_at";
  ALTER TABLE "newsletter_subscribers" DROP COLUMN "confirmed_at";
  ALTER TABLE "email_logs" DROP COLUMN "message_id";
  ALTER TABLE "email_logs" DROP COLUMN "is_bulk";
  ALTER TABLE "email_logs" DROP COLUMN "campaign_id";
  ALTER TABLE "email_logs" DROP COLUMN "attempts";
  ALTER TABLE "email_logs" DROP COLUMN "claimed_at";
  ALTER TABLE "email_logs" DROP COLUMN "delivered_at";
  ALTER TABLE "email_logs" DROP COLUMN "last_error";
  ALTER TABLE "email_logs" DROP COLUMN "skip_reason";
  ALTER TABLE "email_logs" DROP COLUMN "raw_message";
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  DROP TYPE "public"."enum_payload_jobs_log_state";
  DROP TYPE "public"."enum_payload_jobs_task_slug";`)
}
