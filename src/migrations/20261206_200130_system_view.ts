import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * The System view's tables (decisions 0226 and 0227): each instance's heartbeat, and the answers
 * that failed on the server with their request ids (kept a day, bounded).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "instance_heartbeats" (
  	"instance_id" text PRIMARY KEY NOT NULL,
  	"build_id" text NOT NULL,
  	"version" text NOT NULL,
  	"started_at" timestamp with time zone NOT NULL,
  	"last_seen_at" timestamp with time zone NOT NULL
  );
  
  CREATE TABLE "request_errors" (
  	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_errors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
  	"occurred_at" timestamp with time zone NOT NULL,
  	"instance_id" text NOT NULL,
  	"request_id" text,
  	"route" text NOT NULL,
  	"method" text NOT NULL,
  	"status" smallint NOT NULL,
  	"error_class" text NOT NULL
  );
  
  CREATE INDEX "request_errors_occurred_at_idx" ON "request_errors" USING btree ("occurred_at");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "instance_heartbeats" CASCADE;
  DROP TABLE "request_errors" CASCADE;`)
}
