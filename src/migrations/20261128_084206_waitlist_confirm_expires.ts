import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Waitlist confirmation links expire, as the newsletter's do (decision 0163). Links already sent
 * work for the default 48 hours from this migration; after that a signup with the same address
 * sends a new one.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "waitlist_entries" ADD COLUMN "confirm_expires" timestamp(3) with time zone;
  UPDATE "waitlist_entries" SET "confirm_expires" = now() + interval '48 hours'
    WHERE "confirm_token" IS NOT NULL AND "confirmed_at" IS NULL;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "waitlist_entries" DROP COLUMN "confirm_expires";`)
}
