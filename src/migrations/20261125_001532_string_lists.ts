import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/** Table, Payload's path in `<table>_texts`, jsonb column. */
const LISTS = [
  ['waitlist_entries', 'interests', 'interests'],
  ['contact_messages', 'tags', 'tags'],
  ['parent_engagements', 'interests', 'interests'],
  ['newsletter_subscribers', 'interests', 'interests'],
  ['newsletter_subscribers', 'emailPreferences', 'email_preferences'],
  ['email_logs', 'tags', 'tags'],
]

export async function up({ db }: MigrateUpArgs): Promise<void> {
  // Each list moves from Payload's child table into a jsonb column of its row, in order.
  await db.execute(sql`
  ALTER TABLE "waitlist_entries" ADD COLUMN "interests" jsonb DEFAULT '[]'::jsonb;
  ALTER TABLE "contact_messages" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb;
  ALTER TABLE "parent_engagements" ADD COLUMN "interests" jsonb DEFAULT '[]'::jsonb;
  ALTER TABLE "newsletter_subscribers" ADD COLUMN "interests" jsonb DEFAULT '[]'::jsonb;
  ALTER TABLE "newsletter_subscribers" ADD COLUMN "email_preferences" jsonb DEFAULT '["newsletter"]'::jsonb;
  ALTER TABLE "email_logs" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb;`)
  for (const [table, path, column] of LISTS)
    await db.execute(
      sql.raw(`UPDATE "${table}" r SET "${column}" = coalesce((
        SELECT jsonb_agg(t.text ORDER BY t."order") FROM "${table}_texts" t
        WHERE t.parent_id = r.id AND t.path = '${path}'), '[]'::jsonb)`),
    )
  await db.execute(sql`
  DROP TABLE "waitlist_entries_texts" CASCADE;
  DROP TABLE "contact_messages_texts" CASCADE;
  DROP TABLE "parent_engagements_texts" CASCADE;
  DROP TABLE "newsletter_subscribers_texts" CASCADE;
  DROP TABLE "email_logs_texts" CASCADE;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "waitlist_entries_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "contact_messages_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "parent_engagements_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "newsletter_subscribers_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "email_logs_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  ALTER TABLE "waitlist_entries_texts" ADD CONSTRAINT "waitlist_entries_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "contact_messages_texts" ADD CONSTRAINT "contact_messages_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "parent_engagements_texts" ADD CONSTRAINT "parent_engagements_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parent_engagements"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "newsletter_subscribers_texts" ADD CONSTRAINT "newsletter_subscribers_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "email_logs_texts" ADD CONSTRAINT "email_logs_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."email_logs"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "waitlist_entries_texts_order_parent" ON "waitlist_entries_texts" USING btree ("order","parent_id");
  CREATE INDEX "contact_messages_texts_order_parent" ON "contact_messages_texts" USING btree ("order","parent_id");
  CREATE INDEX "parent_engagements_texts_order_parent" ON "parent_engagements_texts" USING btree ("order","parent_id");
  CREATE INDEX "newsletter_subscribers_texts_order_parent" ON "newsletter_subscribers_texts" USING btree ("order","parent_id");
  CREATE INDEX "email_logs_texts_order_parent" ON "email_logs_texts" USING btree ("order","parent_id");
  `)
  for (const [table, path, column] of LISTS)
    await db.execute(
      sql.raw(`INSERT INTO "${table}_texts" ("order", parent_id, path, text)
        SELECT v.n, r.id, '${path}', v.text FROM "${table}" r,
          jsonb_array_elements_text(coalesce(r."${column}", '[]'::jsonb)) WITH ORDINALITY v(text, n)`),
    )
  await db.execute(sql`
  ALTER TABLE "waitlist_entries" DROP COLUMN "interests";
  ALTER TABLE "contact_messages" DROP COLUMN "tags";
  ALTER TABLE "parent_engagements" DROP COLUMN "interests";
  ALTER TABLE "newsletter_subscribers" DROP COLUMN "interests";
  ALTER TABLE "newsletter_subscribers" DROP COLUMN "email_preferences";
  ALTER TABLE "email_logs" DROP COLUMN "tags";`)
}
