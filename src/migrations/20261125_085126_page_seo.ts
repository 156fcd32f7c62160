import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_page_seo_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__page_seo_v_version_status" AS ENUM('draft', 'published');
  CREATE TABLE "page_seo" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"path" varchar,
  	"meta_title" varchar,
  	"meta_description" varchar,
  	"meta_image_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"_status" "enum_page_seo_status" DEFAULT 'draft'
  );
  
  CREATE TABLE "_page_seo_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_path" varchar,
  	"version_meta_title" varchar,
  	"version_meta_description" varchar,
  	"version_meta_image_id" integer,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "enum__page_seo_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean,
  	"autosave" boolean
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "page_seo_id" integer;
  ALTER TABLE "page_seo" ADD CONSTRAINT "page_seo_meta_image_id_media_id_fk" FOREIGN KEY ("meta_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_page_seo_v" ADD CONSTRAINT "_page_seo_v_parent_id_page_seo_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."page_seo"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_page_seo_v" ADD CONSTRAINT "_page_seo_v_version_meta_image_id_media_id_fk" FOREIGN KEY ("version_meta_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  CREATE UNIQUE INDEX "page_seo_path_idx" ON "page_seo" USING btree ("path");
  CREATE INDEX "page_seo_meta_meta_image_idx" ON "page_seo" USING btree ("meta_image_id");
  CREATE INDEX "page_seo_updated_at_idx" ON "page_seo" USING btree ("updated_at");
  CREATE INDEX "page_seo_created_at_idx" ON "page_seo" USING btree ("created_at");
  CREATE INDEX "page_seo__status_idx" ON "page_seo" USING btree ("_status");
  CREATE INDEX "_page_seo_v_parent_idx" ON "_page_seo_v" USING btree ("parent_id");
  CREATE INDEX "_page_seo_v_version_version_path_idx" ON "_page_seo_v" USING btree ("version_path");
  CREATE INDEX "_page_seo_v_version_meta_version_meta_image_idx" ON "_page_seo_v" USING btree ("version_meta_image_id");
  CREATE INDEX "_page_seo_v_version_version_updated_at_idx" ON "_page_seo_v" USING btree ("version_updated_at");
  CREATE INDEX "_page_seo_v_version_version_created_at_idx" ON "_page_seo_v" USING btree ("version_created_at");
  CREATE INDEX "_page_seo_v_version_version__status_idx" ON "_page_seo_v" USING btree ("version__status");
  CREATE INDEX "_page_seo_v_created_at_idx" ON "_page_seo_v" USING btree ("created_at");
  CREATE INDEX "_page_seo_v_updated_at_idx" ON "_page_seo_v" USING btree ("updated_at");
  CREATE INDEX "_page_seo_v_latest_idx" ON "_page_seo_v" USING btree ("latest");
  CREATE INDEX "_page_seo_v_autosave_idx" ON "_page_seo_v" USING btree ("autosave");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_page_seo_fk" FOREIGN KEY ("page_seo_id") REFERENCES "public"."page_seo"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_page_seo_id_idx" ON "payload_locked_documents_rels" USING btree ("page_seo_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "page_seo" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_page_seo_v" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "page_seo" CASCADE;
  DROP TABLE "_page_seo_v" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_page_seo_fk";
  
  DROP INDEX "payload_locked_documents_rels_page_seo_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "page_seo_id";
  DROP TYPE "public"."enum_page_seo_status";
  DROP TYPE "public"."enum__page_seo_v_version_status";`)
}
