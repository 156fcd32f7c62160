import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Every backup taken, written when its file is complete (decision 0230): the last one is shown to
 * the team, and a scheduled backup names its UTC day once.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "backups" (
  	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
  	"backed_up_at" timestamp with time zone NOT NULL,
  	"file" text NOT NULL,
  	"size_bytes" bigint NOT NULL,
  	"sha256" text NOT NULL,
  	"kind" text NOT NULL,
  	"scheduled_day" date,
  	CONSTRAINT "backups_scheduled_day_key" UNIQUE("scheduled_day")
  );
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "backups" CASCADE;`)
}
