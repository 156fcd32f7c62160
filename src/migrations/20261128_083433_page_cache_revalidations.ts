import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * When each page-cache tag was last revalidated, shared by every instance of the site
 * (src/lib/page-cache/shared-revalidation.mjs, decision 0150). One row per tag.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "page_cache_revalidations" (
  	"tag" text PRIMARY KEY NOT NULL,
  	"revalidated_at" timestamp with time zone NOT NULL,
  	"expire_seconds" double precision
  );`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "page_cache_revalidations" CASCADE;`)
}
