import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * The funnel's waitlist-page step as a sum over days (decision 0195): per day and product, the
 * sessions seen on that day only that reached the product's waitlist page; sessions seen on
 * several days are marked and grouped when read. Filled from the session days already rolled up.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "engagement_waitlist_days" (
  	"date" date NOT NULL,
  	"product" text NOT NULL,
  	"sessions" integer NOT NULL,
  	CONSTRAINT "engagement_waitlist_days_date_product_pk" PRIMARY KEY("date","product")
  );
  
  DROP INDEX "engagement_session_days_waitlist_idx";
  ALTER TABLE "engagement_session_days" ADD COLUMN "multi_day" boolean DEFAULT false NOT NULL;
  CREATE INDEX "engagement_session_days_multi_day_idx" ON "engagement_session_days" USING btree ("date") WHERE "engagement_session_days"."multi_day" AND ("engagement_session_days"."waitlist_views" > 0 OR "engagement_session_days"."product_views" > 0);
  UPDATE "engagement_session_days" SET "multi_day" = true
    WHERE EXISTS (SELECT 1 FROM "engagement_session_days" "other_day"
      WHERE "other_day"."session_id" = "engagement_session_days"."session_id"
        AND "other_day"."date" <> "engagement_session_days"."date");
  INSERT INTO "engagement_waitlist_days" ("date", "product", "sessions")
    SELECT "date", "reached"."named_product", count(*) FROM "engagement_session_days"
      CROSS JOIN LATERAL (SELECT unnest("products") UNION SELECT 'earth-app'::text
        WHERE "waitlist_views" > "product_views") AS "reached" ("named_product")
    WHERE NOT "multi_day" GROUP BY 1, 2;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "engagement_waitlist_days" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "engagement_waitlist_days" CASCADE;
  DROP INDEX "engagement_session_days_multi_day_idx";
  CREATE INDEX "engagement_session_days_waitlist_idx" ON "engagement_session_days" USING btree ("date") WHERE "engagement_session_days"."waitlist_views" > 0 OR "engagement_session_days"."product_views" > 0;
  ALTER TABLE "engagement_session_days" DROP COLUMN "multi_day";`)
}
