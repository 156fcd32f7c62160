import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  // One suppression list: every address of the simple table is suppressed in the full one (a
  // suppression lifted there but still listed here stays suppressed, as the two together did).
  await db.execute(sql`
   INSERT INTO "email_suppressions" ("email", "suppression_type", "reason", "suppressed_at", "source", "is_active", "updated_at", "created_at")
   SELECT DISTINCT ON (lower("email")) lower("email"), "type", "reason", "created_at", coalesce("source", 'suppressed-emails'), true, now(), "created_at"
   FROM "suppressed_emails" ORDER BY lower("email"), "created_at" DESC
   ON CONFLICT ("email") DO UPDATE SET "is_active" = true, "updated_at" = now();`)
  await db.execute(sql`
   ALTER TABLE "suppressed_emails" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "user_segments" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "segment_memberships" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "engagement_scores" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "suppressed_emails" CASCADE;
  DROP TABLE "user_segments" CASCADE;
  DROP TABLE "segment_memberships" CASCADE;
  DROP TABLE "engagement_scores" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT IF EXISTS "payload_locked_documents_rels_suppressed_emails_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT IF EXISTS "payload_locked_documents_rels_user_segments_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT IF EXISTS "payload_locked_documents_rels_segment_memberships_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT IF EXISTS "payload_locked_documents_rels_engagement_scores_fk";
  
  DROP INDEX "payload_locked_documents_rels_suppressed_emails_id_idx";
  DROP INDEX "payload_locked_documents_rels_user_segments_id_idx";
  DROP INDEX "payload_locked_documents_rels_segment_memberships_id_idx";
  DROP INDEX "payload_locked_documents_rels_engagement_scores_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "suppressed_emails_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "user_segments_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "segment_memberships_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "engagement_scores_id";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "suppressed_emails" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"email" varchar NOT NULL,
  	"type" varchar NOT NULL,
  	"reason" varchar,
  	"source" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "user_segments" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"description" varchar,
  	"rules" jsonb,
  	"is_active" boolean DEFAULT true,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "segment_memberships" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"email" varchar NOT NULL,
  	"segment_id" integer NOT NULL,
  	"added_at" timestamp(3) with time zone,
  	"removed_at" timestamp(3) with time zone,
  	"is_active" boolean DEFAULT true,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "engagement_scores" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"email" varchar NOT NULL,
  	"total_score" numeric DEFAULT 0,
  	"email_engagement" numeric DEFAULT 0,
  	"website_engagement" numeric DEFAULT 0,
  	"conversion_score" numeric DEFAULT 0,
  	"recency_score" numeric DEFAULT 0,
  	"last_activity_at" timestamp(3) with time zone,
  	"calculated_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "suppressed_emails_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "user_segments_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "segment_memberships_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "engagement_scores_id" integer;
  ALTER TABLE "segment_memberships" ADD CONSTRAINT "segment_memberships_segment_id_user_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."user_segments"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "suppressed_emails_email_idx" ON "suppressed_emails" USING btree ("email");
  CREATE INDEX "suppressed_emails_updated_at_idx" ON "suppressed_emails" USING btree ("updated_at");
  CREATE INDEX "suppressed_emails_created_at_idx" ON "suppressed_emails" USING btree ("created_at");
  CREATE INDEX "suppressed_emails_email_lower_idx" ON "suppressed_emails" USING btree (lower("email"));
  CREATE UNIQUE INDEX "user_segments_name_idx" ON "user_segments" USING btree ("name");
  CREATE INDEX "user_segments_updated_at_idx" ON "user_segments" USING btree ("updated_at");
  CREATE INDEX "user_segments_created_at_idx" ON "user_segments" USING btree ("created_at");
  CREATE INDEX "segment_memberships_email_idx" ON "segment_memberships" USING btree ("email");
  CREATE INDEX "segment_memberships_segment_idx" ON "segment_memberships" USING btree ("segment_id");
  CREATE INDEX "segment_memberships_added_at_idx" ON "segment_memberships" USING btree ("added_at");
  CREATE INDEX "segment_memberships_updated_at_idx" ON "segment_memberships" USING btree ("updated_at");
  CREATE INDEX "segment_memberships_created_at_idx" ON "segment_memberships" USING btree ("created_at");
  CREATE UNIQUE INDEX "email_segment_idx" ON "segment_memberships" USING btree ("email","segment_id");
  CREATE UNIQUE INDEX "engagement_scores_email_idx" ON "engagement_scores" USING btree ("email");
  CREATE INDEX "engagement_scores_total_score_idx" ON "engagement_scores" USING btree ("total_score");
  CREATE INDEX "engagement_scores_updated_at_idx" ON "engagement_scores" USING btree ("updated_at");
  CREATE INDEX "engagement_scores_created_at_idx" ON "engagement_scores" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_suppressed_emails_fk" FOREIGN KEY ("suppressed_emails_id") REFERENCES "public"."suppressed_emails"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_user_segments_fk" FOREIGN KEY ("user_segments_id") REFERENCES "public"."user_segments"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_segment_memberships_fk" FOREIGN KEY ("segment_memberships_id") REFERENCES "public"."segment_memberships"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_engagement_scores_fk" FOREIGN KEY ("engagement_scores_id") REFERENCES "public"."engagement_scores"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_suppressed_emails_id_idx" ON "payload_locked_documents_rels" USING btree ("suppressed_emails_id");
  CREATE INDEX "payload_locked_documents_rels_user_segments_id_idx" ON "payload_locked_documents_rels" USING btree ("user_segments_id");
  CREATE INDEX "payload_locked_documents_rels_segment_memberships_id_idx" ON "payload_locked_documents_rels" USING btree ("segment_memberships_id");
  CREATE INDEX "payload_locked_documents_rels_engagement_scores_id_idx" ON "payload_locked_documents_rels" USING btree ("engagement_scores_id");`)
}
