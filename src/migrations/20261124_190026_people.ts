import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "erased_addresses" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"address_hash" varchar NOT NULL,
  	"reason" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "erased_addresses_id" integer;
  CREATE UNIQUE INDEX "erased_addresses_address_hash_idx" ON "erased_addresses" USING btree ("address_hash");
  CREATE INDEX "erased_addresses_updated_at_idx" ON "erased_addresses" USING btree ("updated_at");
  CREATE INDEX "erased_addresses_created_at_idx" ON "erased_addresses" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_erased_addresses_fk" FOREIGN KEY ("erased_addresses_id") REFERENCES "public"."erased_addresses"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_erased_addresses_id_idx" ON "payload_locked_documents_rels" USING btree ("erased_addresses_id");
  -- Finding and erasing one person (src/services/admin/people.ts) looks addresses up by lower().
  CREATE INDEX "contact_messages_email_lower_idx" ON "contact_messages" USING btree (lower("email"));
  CREATE INDEX "email_logs_to_email_lower_idx" ON "email_logs" USING btree (lower("to_email"));
  CREATE INDEX "consents_email_lower_idx" ON "consents" USING btree (lower("email"));
  CREATE INDEX "email_events_email_lower_idx" ON "email_events" USING btree (lower("email"));
  CREATE INDEX "engagement_events_email_lower_idx" ON "engagement_events" USING btree (lower("email"));
  CREATE INDEX "parent_engagements_email_lower_idx" ON "parent_engagements" USING btree (lower("email"));
  CREATE INDEX "segment_memberships_email_lower_idx" ON "segment_memberships" USING btree (lower("email"));
  CREATE INDEX "engagement_scores_email_lower_idx" ON "engagement_scores" USING btree (lower("email"));`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "erased_addresses" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "erased_addresses" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_erased_addresses_fk";
  
  DROP INDEX "payload_locked_documents_rels_erased_addresses_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "erased_addresses_id";
  DROP INDEX "contact_messages_email_lower_idx";
  DROP INDEX "email_logs_to_email_lower_idx";
  DROP INDEX "consents_email_lower_idx";
  DROP INDEX "email_events_email_lower_idx";
  DROP INDEX "engagement_events_email_lower_idx";
  DROP INDEX "parent_engagements_email_lower_idx";
  DROP INDEX "segment_memberships_email_lower_idx";
  DROP INDEX "engagement_scores_email_lower_idx";`)
}
