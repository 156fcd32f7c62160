import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Engagement events rolled up (decision 0195): hourly counts per dimension, each session's page
 * views per day, sessions per day by the day each was seen before, the mark of how far the events
 * are rolled up, and the job that rolls them up every minute. The events an upgraded site already
 * has go in on the first runs of that job (from mark 0, in short transactions); until then the
 * reads count them from the events. The indexes no statement uses leave the events' hot insert.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'rollupEngagementEvents' BEFORE 'purgeExpiredData';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'rollupEngagementEvents' BEFORE 'purgeExpiredData';
  CREATE TABLE "engagement_hourly_counts" (
  	"dimension" text NOT NULL,
  	"hour" timestamp with time zone NOT NULL,
  	"value" text,
  	"events" integer NOT NULL,
  	CONSTRAINT "engagement_hourly_counts_key" UNIQUE NULLS NOT DISTINCT("dimension","hour","value")
  );
  
  CREATE TABLE "engagement_session_days" (
  	"date" date NOT NULL,
  	"session_id" text NOT NULL,
  	"page_views" integer NOT NULL,
  	"waitlist_views" integer NOT NULL,
  	"product_views" integer NOT NULL,
  	"products" text[] NOT NULL,
  	CONSTRAINT "engagement_session_days_date_session_id_pk" PRIMARY KEY("date","session_id")
  );
  
  CREATE TABLE "engagement_visitor_days" (
  	"date" date NOT NULL,
  	"previous_date" date,
  	"sessions" integer NOT NULL,
  	CONSTRAINT "engagement_visitor_days_key" UNIQUE NULLS NOT DISTINCT("date","previous_date")
  );
  
  CREATE TABLE "engagement_rollup_state" (
  	"name" text PRIMARY KEY NOT NULL,
  	"rolled_through" integer NOT NULL,
  	"updated_at" timestamp with time zone NOT NULL
  );
  
  DROP INDEX "engagement_events_event_type_idx";
  DROP INDEX "engagement_events_page_idx";
  DROP INDEX "engagement_events_device_type_idx";
  DROP INDEX "engagement_events_referrer_host_idx";
  DROP INDEX "engagement_events_utm_campaign_idx";
  DROP INDEX "engagement_events_session_id_idx";
  CREATE INDEX "engagement_session_days_session_idx" ON "engagement_session_days" USING btree ("session_id","date");
  CREATE INDEX "engagement_session_days_waitlist_idx" ON "engagement_session_days" USING btree ("date") WHERE "engagement_session_days"."waitlist_views" > 0 OR "engagement_session_days"."product_views" > 0;
  INSERT INTO "engagement_rollup_state" ("name", "rolled_through", "updated_at")
    VALUES ('engagement_events', 0, now());`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "engagement_hourly_counts" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "engagement_session_days" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "engagement_visitor_days" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "engagement_rollup_state" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "engagement_hourly_counts" CASCADE;
  DROP TABLE "engagement_session_days" CASCADE;
  DROP TABLE "engagement_visitor_days" CASCADE;
  DROP TABLE "engagement_rollup_state" CASCADE;
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendEmail', 'sendCampaign', 'sendSequenceSteps', 'rollupDeliverabilityMetrics', 'purgeExpiredData', 'importNewsletterSubscribers', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendEmail', 'sendCampaign', 'sendSequenceSteps', 'rollupDeliverabilityMetrics', 'purgeExpiredData', 'importNewsletterSubscribers', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  CREATE INDEX "engagement_events_event_type_idx" ON "engagement_events" USING btree ("event_type");
  CREATE INDEX "engagement_events_page_idx" ON "engagement_events" USING btree ("page");
  CREATE INDEX "engagement_events_device_type_idx" ON "engagement_events" USING btree ("device_type");
  CREATE INDEX "engagement_events_referrer_host_idx" ON "engagement_events" USING btree ("referrer_host");
  CREATE INDEX "engagement_events_utm_campaign_idx" ON "engagement_events" USING btree ("utm_campaign");
  CREATE INDEX "engagement_events_session_id_idx" ON "engagement_events" USING btree ("session_id");`)
}
