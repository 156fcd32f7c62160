import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "product_joinedAt_idx";
  CREATE INDEX "waitlist_entries_line_idx" ON "waitlist_entries" USING btree ("product","joined_at","id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "waitlist_entries_line_idx";
  CREATE INDEX "product_joinedAt_idx" ON "waitlist_entries" USING btree ("product","joined_at");`)
}
