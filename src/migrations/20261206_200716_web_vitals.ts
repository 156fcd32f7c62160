import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "web_vitals" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
  	"route" text NOT NULL,
  	"device" text NOT NULL,
  	"connection" text,
  	"lcp" real,
  	"inp" real,
  	"cls" real,
  	"fcp" real,
  	"ttfb" real
  );
  
  CREATE TABLE "web_vitals_daily" (
  	"date" date NOT NULL,
  	"route" text NOT NULL,
  	"device" text NOT NULL,
  	"metric" text NOT NULL,
  	"bucket" smallint NOT NULL,
  	"samples" integer NOT NULL,
  	CONSTRAINT "web_vitals_daily_date_route_device_metric_bucket_pk" PRIMARY KEY("date","route","device","metric","bucket")
  );
  
  ALTER TABLE "site_settings" ADD COLUMN "vitals_sample_rate" numeric DEFAULT 100;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_vitals_sample_rate" numeric DEFAULT 100;
  CREATE INDEX "web_vitals_created_at_idx" ON "web_vitals" USING btree ("created_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "web_vitals" CASCADE;
  DROP TABLE "web_vitals_daily" CASCADE;
  ALTER TABLE "site_settings" DROP COLUMN "vitals_sample_rate";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_vitals_sample_rate";`)
}
