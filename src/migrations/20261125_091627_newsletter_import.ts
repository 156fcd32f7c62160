import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_newsletter_imports_status" AS ENUM('previewed', 'queued', 'running', 'done', 'failed');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'importNewsletterSubscribers' BEFORE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'importNewsletterSubscribers' BEFORE 'schedulePublish';
  CREATE TABLE "newsletter_imports" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"created_by_id" integer,
  	"username" varchar NOT NULL,
  	"status" "enum_newsletter_imports_status" DEFAULT 'previewed' NOT NULL,
  	"valid" numeric DEFAULT 0,
  	"duplicate" numeric DEFAULT 0,
  	"invalid" numeric DEFAULT 0,
  	"invalid_rows" jsonb,
  	"total" numeric DEFAULT 0,
  	"processed" numeric DEFAULT 0,
  	"inserted" numeric DEFAULT 0,
  	"skipped" numeric DEFAULT 0,
  	"cursor" numeric DEFAULT 0,
  	"already_confirmed" boolean DEFAULT false,
  	"consent_confirmed_by" varchar,
  	"consent_confirmed_at" timestamp(3) with time zone,
  	"consent_ip" varchar,
  	"finished_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "newsletter_import_rows" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"import_id" integer NOT NULL,
  	"row_number" numeric NOT NULL,
  	"email" varchar NOT NULL,
  	"first_name" varchar,
  	"interests" jsonb DEFAULT '[]'::jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "newsletter_imports_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "newsletter_import_rows_id" integer;
  ALTER TABLE "newsletter_imports" ADD CONSTRAINT "newsletter_imports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "newsletter_import_rows" ADD CONSTRAINT "newsletter_import_rows_import_id_newsletter_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."newsletter_imports"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "newsletter_imports_created_by_idx" ON "newsletter_imports" USING btree ("created_by_id");
  CREATE INDEX "newsletter_imports_status_idx" ON "newsletter_imports" USING btree ("status");
  CREATE INDEX "newsletter_imports_updated_at_idx" ON "newsletter_imports" USING btree ("updated_at");
  CREATE INDEX "newsletter_imports_created_at_idx" ON "newsletter_imports" USING btree ("created_at");
  CREATE INDEX "newsletter_import_rows_import_idx" ON "newsletter_import_rows" USING btree ("import_id");
  CREATE INDEX "newsletter_import_rows_email_idx" ON "newsletter_import_rows" USING btree ("email");
  CREATE INDEX "newsletter_import_rows_updated_at_idx" ON "newsletter_import_rows" USING btree ("updated_at");
  CREATE INDEX "newsletter_import_rows_created_at_idx" ON "newsletter_import_rows" USING btree ("created_at");
  CREATE UNIQUE INDEX "import_email_idx" ON "newsletter_import_rows" USING btree ("import_id","email");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_newsletter_imports_fk" FOREIGN KEY ("newsletter_imports_id") REFERENCES "public"."newsletter_imports"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_newsletter_import_rows_fk" FOREIGN KEY ("newsletter_import_rows_id") REFERENCES "public"."newsletter_import_rows"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_newsletter_imports_id_idx" ON "payload_locked_documents_rels" USING btree ("newsletter_imports_id");
  CREATE INDEX "payload_locked_documents_rels_newsletter_import_rows_id_idx" ON "payload_locked_documents_rels" USING btree ("newsletter_import_rows_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "newsletter_imports" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "newsletter_import_rows" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "newsletter_imports" CASCADE;
  DROP TABLE "newsletter_import_rows" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_newsletter_imports_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_newsletter_import_rows_fk";
  
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendEmail', 'sendCampaign', 'sendSequenceSteps', 'rollupDeliverabilityMetrics', 'purgeExpiredData', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendEmail', 'sendCampaign', 'sendSequenceSteps', 'rollupDeliverabilityMetrics', 'purgeExpiredData', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "payload_locked_documents_rels_newsletter_imports_id_idx";
  DROP INDEX "payload_locked_documents_rels_newsletter_import_rows_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "newsletter_imports_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "newsletter_import_rows_id";
  DROP TYPE "public"."enum_newsletter_imports_status";`)
}
