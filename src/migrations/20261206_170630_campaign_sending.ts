import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_email_logs_status" ADD VALUE 'interrupted';
  ALTER TYPE "public"."enum_campaigns_status" ADD VALUE 'paused' BEFORE 'sent';
  CREATE TABLE "email_send_rate" (
  	"key" text PRIMARY KEY NOT NULL,
  	"tokens" double precision NOT NULL,
  	"refilled_at" timestamp with time zone NOT NULL
  );
  
  ALTER TABLE "email_logs" ADD COLUMN "claimed_by" varchar;
  ALTER TABLE "email_logs" ADD COLUMN "sending_at" timestamp(3) with time zone;
  ALTER TABLE "campaigns" ADD COLUMN "queued_at" timestamp(3) with time zone;
  CREATE INDEX "email_logs_campaign_queued_idx" ON "email_logs" USING btree ("campaign_id","id") WHERE "email_logs"."status" = 'queued' AND "email_logs"."campaign_id" IS NOT NULL;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  UPDATE "email_logs" SET "status" = 'failed' WHERE "status" = 'interrupted';
  UPDATE "campaigns" SET "status" = 'sending' WHERE "status" = 'paused';
   ALTER TABLE "email_send_rate" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "email_send_rate" CASCADE;
  ALTER TABLE "email_logs" ALTER COLUMN "status" SET DATA TYPE text;
  ALTER TABLE "email_logs" ALTER COLUMN "status" SET DEFAULT 'sent'::text;
  DROP TYPE "public"."enum_email_logs_status";
  CREATE TYPE "public"."enum_email_logs_status" AS ENUM('queued', 'sent', 'failed', 'bounced', 'skipped');
  ALTER TABLE "email_logs" ALTER COLUMN "status" SET DEFAULT 'sent'::"public"."enum_email_logs_status";
  ALTER TABLE "email_logs" ALTER COLUMN "status" SET DATA TYPE "public"."enum_email_logs_status" USING "status"::"public"."enum_email_logs_status";
  ALTER TABLE "campaigns" ALTER COLUMN "status" SET DATA TYPE text;
  ALTER TABLE "campaigns" ALTER COLUMN "status" SET DEFAULT 'draft'::text;
  DROP TYPE "public"."enum_campaigns_status";
  CREATE TYPE "public"."enum_campaigns_status" AS ENUM('draft', 'scheduled', 'sending', 'sent', 'cancelled');
  ALTER TABLE "campaigns" ALTER COLUMN "status" SET DEFAULT 'draft'::"public"."enum_campaigns_status";
  ALTER TABLE "campaigns" ALTER COLUMN "status" SET DATA TYPE "public"."enum_campaigns_status" USING "status"::"public"."enum_campaigns_status";
  DROP INDEX "email_logs_campaign_queued_idx";
  ALTER TABLE "email_logs" DROP COLUMN "claimed_by";
  ALTER TABLE "email_logs" DROP COLUMN "sending_at";
  ALTER TABLE "campaigns" DROP COLUMN "queued_at";`)
}
