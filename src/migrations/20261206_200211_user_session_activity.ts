import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * When each signed-in session was last used, and from which network (decision 0215): the idle
 * timeout and the account page's list of sessions.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "user_session_activity" (
  	"session_id" text PRIMARY KEY NOT NULL,
  	"user_id" integer NOT NULL,
  	"last_seen_at" timestamp with time zone NOT NULL,
  	"user_agent" text,
  	"network" text
  );
  
  ALTER TABLE "user_session_activity" ADD CONSTRAINT "user_session_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "user_session_activity_user_idx" ON "user_session_activity" USING btree ("user_id");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "user_session_activity" CASCADE;`)
}
