import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "audit_logs" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user_id" integer,
  	"username" varchar NOT NULL,
  	"action" varchar NOT NULL,
  	"target_collection" varchar,
  	"target_id" varchar,
  	"details" jsonb,
  	"at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "audit_logs_user_idx" ON "audit_logs" USING btree ("user_id");
  CREATE INDEX "audit_logs_action_idx" ON "audit_logs" USING btree ("action");
  CREATE INDEX "audit_logs_target_collection_idx" ON "audit_logs" USING btree ("target_collection");
  CREATE INDEX "audit_logs_at_idx" ON "audit_logs" USING btree ("at");
  CREATE INDEX "audit_logs_updated_at_idx" ON "audit_logs" USING btree ("updated_at");
  CREATE INDEX "audit_logs_created_at_idx" ON "audit_logs" USING btree ("created_at");`)
  // Not in the collection config (Payload cannot declare them): the admin lists read the values
  // of hasMany text fields by parent row, and Payload's own (order, parent_id) index cannot serve
  // that. See docs/decisions/0030-admin-api.md.
  await db.execute(sql`
  CREATE INDEX IF NOT EXISTS "waitlist_entries_texts_parent_idx" ON "waitlist_entries_texts" USING btree ("parent_id", "path");
  CREATE INDEX IF NOT EXISTS "newsletter_subscribers_texts_parent_idx" ON "newsletter_subscribers_texts" USING btree ("parent_id", "path");
  CREATE INDEX IF NOT EXISTS "contact_messages_texts_parent_idx" ON "contact_messages_texts" USING btree ("parent_id", "path");
  CREATE INDEX IF NOT EXISTS "parent_engagements_texts_parent_idx" ON "parent_engagements_texts" USING btree ("parent_id", "path");
  CREATE INDEX IF NOT EXISTS "email_logs_texts_parent_idx" ON "email_logs_texts" USING btree ("parent_id", "path");`)
  // Substring search (ILIKE '%term%') of the large admin lists through trigram indexes.
  await db.execute(sql`
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX IF NOT EXISTS "waitlist_entries_email_trgm_idx" ON "waitlist_entries" USING gin ("email" gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS "waitlist_entries_name_trgm_idx" ON "waitlist_entries" USING gin ("name" gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS "newsletter_subscribers_email_trgm_idx" ON "newsletter_subscribers" USING gin ("email" gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS "newsletter_subscribers_first_name_trgm_idx" ON "newsletter_subscribers" USING gin ("first_name" gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS "email_logs_to_email_trgm_idx" ON "email_logs" USING gin ("to_email" gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS "email_logs_subject_trgm_idx" ON "email_logs" USING gin ("subject" gin_trgm_ops);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "audit_logs" CASCADE;
  DROP INDEX IF EXISTS "waitlist_entries_texts_parent_idx";
  DROP INDEX IF EXISTS "newsletter_subscribers_texts_parent_idx";
  DROP INDEX IF EXISTS "contact_messages_texts_parent_idx";
  DROP INDEX IF EXISTS "parent_engagements_texts_parent_idx";
  DROP INDEX IF EXISTS "email_logs_texts_parent_idx";
  DROP INDEX IF EXISTS "waitlist_entries_email_trgm_idx";
  DROP INDEX IF EXISTS "waitlist_entries_name_trgm_idx";
  DROP INDEX IF EXISTS "newsletter_subscribers_email_trgm_idx";
  DROP INDEX IF EXISTS "newsletter_subscribers_first_name_trgm_idx";
  DROP INDEX IF EXISTS "email_logs_to_email_trgm_idx";
  DROP INDEX IF EXISTS "email_logs_subject_trgm_idx";`)
}
