import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "webhook_tokens" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"token" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "webhook_tokens_id" integer;
  CREATE UNIQUE INDEX "webhook_tokens_token_idx" ON "webhook_tokens" USING btree ("token");
  CREATE INDEX "webhook_tokens_updated_at_idx" ON "webhook_tokens" USING btree ("updated_at");
  CREATE INDEX "webhook_tokens_created_at_idx" ON "webhook_tokens" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_webhook_tokens_fk" FOREIGN KEY ("webhook_tokens_id") REFERENCES "public"."webhook_tokens"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_webhook_tokens_id_idx" ON "payload_locked_documents_rels" USING btree ("webhook_tokens_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "webhook_tokens" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "webhook_tokens" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_webhook_tokens_fk";
  
  DROP INDEX "payload_locked_documents_rels_webhook_tokens_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "webhook_tokens_id";`)
}
