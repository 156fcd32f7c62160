import { randomBytes } from 'node:crypto'

import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** A referral code as new entries get them (src/lib/referrals.ts), fixed here as of this migration. */
const referralCode = () => {
  let code = ''
  while (code.length < 10)
    for (const byte of randomBytes(20))
      if (byte < 248 && code.length < 10) code += BASE62[byte % 62]
  return code
}

/** Entries that joined before referrals get a code of their own. */
const giveExistingEntriesCodes = async (db: MigrateUpArgs['db']) => {
  for (;;) {
    const result = await db.execute(
      sql`SELECT id FROM waitlist_entries WHERE referral_code IS NULL ORDER BY id LIMIT 1000`,
    )
    const ids = (result.rows as { id: number }[]).map((row) => row.id)
    if (ids.length === 0) break
    const values = sql.join(
      ids.map((id) => sql`(${id}::integer, ${referralCode()}::varchar)`),
      sql`, `,
    )
    await db.execute(sql`UPDATE waitlist_entries w SET referral_code = v.code
      FROM (VALUES ${values}) AS v(id, code) WHERE w.id = v.id`)
  }
}

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "waitlist_entries" ADD COLUMN "referral_code" varchar;
  ALTER TABLE "waitlist_entries" ADD COLUMN "referred_by_id" integer;
  ALTER TABLE "waitlist_entries" ADD COLUMN "confirmed_at" timestamp(3) with time zone;
  ALTER TABLE "waitlist_entries" ADD COLUMN "confirm_token" varchar;
  ALTER TABLE "waitlist_entries" ADD COLUMN "status_token" varchar;
  ALTER TABLE "site_settings" ADD COLUMN "referral_places_earth_app" numeric DEFAULT 1;
  ALTER TABLE "site_settings" ADD COLUMN "referral_places_publishing" numeric DEFAULT 1;
  ALTER TABLE "site_settings" ADD COLUMN "referral_places_records" numeric DEFAULT 1;
  ALTER TABLE "site_settings" ADD COLUMN "referral_places_studio" numeric DEFAULT 1;
  ALTER TABLE "site_settings" ADD COLUMN "referral_places_universe" numeric DEFAULT 1;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_referral_places_earth_app" numeric DEFAULT 1;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_referral_places_publishing" numeric DEFAULT 1;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_referral_places_records" numeric DEFAULT 1;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_referral_places_studio" numeric DEFAULT 1;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_referral_places_universe" numeric DEFAULT 1;
  ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_referred_by_id_waitlist_entries_id_fk" FOREIGN KEY ("referred_by_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE set null ON UPDATE no action;
  CREATE UNIQUE INDEX "waitlist_entries_referral_code_idx" ON "waitlist_entries" USING btree ("referral_code");
  CREATE INDEX "waitlist_entries_referred_by_idx" ON "waitlist_entries" USING btree ("referred_by_id");
  CREATE INDEX "waitlist_entries_confirmed_at_idx" ON "waitlist_entries" USING btree ("confirmed_at");
  CREATE INDEX "waitlist_entries_confirm_token_idx" ON "waitlist_entries" USING btree ("confirm_token");
  CREATE UNIQUE INDEX "waitlist_entries_status_token_idx" ON "waitlist_entries" USING btree ("status_token");
  CREATE INDEX "product_joinedAt_idx" ON "waitlist_entries" USING btree ("product","joined_at");`)
  await giveExistingEntriesCodes(db)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "waitlist_entries" DROP CONSTRAINT "waitlist_entries_referred_by_id_waitlist_entries_id_fk";
  
  DROP INDEX "waitlist_entries_referral_code_idx";
  DROP INDEX "waitlist_entries_referred_by_idx";
  DROP INDEX "waitlist_entries_confirmed_at_idx";
  DROP INDEX "waitlist_entries_confirm_token_idx";
  DROP INDEX "waitlist_entries_status_token_idx";
  DROP INDEX "product_joinedAt_idx";
  ALTER TABLE "waitlist_entries" DROP COLUMN "referral_code";
  ALTER TABLE "waitlist_entries" DROP COLUMN "referred_by_id";
  ALTER TABLE "waitlist_entries" DROP COLUMN "confirmed_at";
  ALTER TABLE "waitlist_entries" DROP COLUMN "confirm_token";
  ALTER TABLE "waitlist_entries" DROP COLUMN "status_token";
  ALTER TABLE "site_settings" DROP COLUMN "referral_places_earth_app";
  ALTER TABLE "site_settings" DROP COLUMN "referral_places_publishing";
  ALTER TABLE "site_settings" DROP COLUMN "referral_places_records";
  ALTER TABLE "site_settings" DROP COLUMN "referral_places_studio";
  ALTER TABLE "site_settings" DROP COLUMN "referral_places_universe";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_referral_places_earth_app";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_referral_places_publishing";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_referral_places_records";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_referral_places_studio";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_referral_places_universe";`)
}
