import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * The waitlist at a million entries (decision 0235): how many entries of each product joined in
 * each UTC hour, kept by triggers like waitlist_line_counts (inserts and deletes per statement into
 * a random shard row, a change of product or joining time per row, TRUNCATE empties it), so a page
 * of the admin list counts its places without a pass over the whole line; the counted referrals
 * read from an index of their own; a product's entries of one status in order.
 */

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "waitlist_line_hours" (
  	"product" text NOT NULL,
  	"hour" integer NOT NULL,
  	"shard" smallint NOT NULL,
  	"entries" integer NOT NULL,
  	CONSTRAINT "waitlist_line_hours_product_hour_shard_pk" PRIMARY KEY("product","hour","shard")
  );
  
  CREATE INDEX "waitlist_entries_referrals_idx" ON "waitlist_entries" USING btree ("referred_by_id","product") WHERE "waitlist_entries"."referred_by_id" IS NOT NULL AND "waitlist_entries"."confirmed_at" IS NOT NULL;
  CREATE INDEX "waitlist_entries_product_status_idx" ON "waitlist_entries" USING btree ("product","status","joined_at","id");

  CREATE FUNCTION waitlist_line_hour(joined timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE
    AS $$ SELECT floor(extract(epoch FROM joined) / 3600)::integer $$;

  CREATE FUNCTION waitlist_line_hours_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO waitlist_line_hours (product, hour, shard, entries)
        SELECT product::text, waitlist_line_hour(joined_at), floor(random() * 8)::smallint, count(*)
        FROM new_rows WHERE joined_at IS NOT NULL GROUP BY 1, 2
      ON CONFLICT (product, hour, shard) DO UPDATE
        SET entries = waitlist_line_hours.entries + EXCLUDED.entries;
    ELSE
      INSERT INTO waitlist_line_hours (product, hour, shard, entries)
        SELECT product::text, waitlist_line_hour(joined_at), floor(random() * 8)::smallint, -count(*)
        FROM old_rows WHERE joined_at IS NOT NULL GROUP BY 1, 2
      ON CONFLICT (product, hour, shard) DO UPDATE
        SET entries = waitlist_line_hours.entries + EXCLUDED.entries;
    END IF;
    RETURN NULL;
  END $$;

  CREATE FUNCTION waitlist_line_hours_moved() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF OLD.joined_at IS NOT NULL THEN
      INSERT INTO waitlist_line_hours (product, hour, shard, entries)
        VALUES (OLD.product::text, waitlist_line_hour(OLD.joined_at), floor(random() * 8)::smallint, -1)
      ON CONFLICT (product, hour, shard) DO UPDATE
        SET entries = waitlist_line_hours.entries + EXCLUDED.entries;
    END IF;
    IF NEW.joined_at IS NOT NULL THEN
      INSERT INTO waitlist_line_hours (product, hour, shard, entries)
        VALUES (NEW.product::text, waitlist_line_hour(NEW.joined_at), floor(random() * 8)::smallint, 1)
      ON CONFLICT (product, hour, shard) DO UPDATE
        SET entries = waitlist_line_hours.entries + EXCLUDED.entries;
    END IF;
    RETURN NULL;
  END $$;

  CREATE FUNCTION waitlist_line_hours_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM waitlist_line_hours;
    RETURN NULL;
  END $$;

  CREATE TRIGGER waitlist_line_hours_inserted AFTER INSERT ON waitlist_entries
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waitlist_line_hours_changed();
  CREATE TRIGGER waitlist_line_hours_deleted AFTER DELETE ON waitlist_entries
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waitlist_line_hours_changed();
  CREATE TRIGGER waitlist_line_hours_moved AFTER UPDATE OF product, joined_at ON waitlist_entries
    FOR EACH ROW WHEN (OLD.product IS DISTINCT FROM NEW.product OR OLD.joined_at IS DISTINCT FROM NEW.joined_at)
    EXECUTE FUNCTION waitlist_line_hours_moved();
  CREATE TRIGGER waitlist_line_hours_emptied AFTER TRUNCATE ON waitlist_entries
    FOR EACH STATEMENT EXECUTE FUNCTION waitlist_line_hours_emptied();

  INSERT INTO waitlist_line_hours (product, hour, shard, entries)
    SELECT product::text, waitlist_line_hour(joined_at), 0, count(*) FROM waitlist_entries
    WHERE joined_at IS NOT NULL GROUP BY 1, 2;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TRIGGER waitlist_line_hours_inserted ON waitlist_entries;
  DROP TRIGGER waitlist_line_hours_deleted ON waitlist_entries;
  DROP TRIGGER waitlist_line_hours_moved ON waitlist_entries;
  DROP TRIGGER waitlist_line_hours_emptied ON waitlist_entries;
  DROP FUNCTION waitlist_line_hours_changed();
  DROP FUNCTION waitlist_line_hours_moved();
  DROP FUNCTION waitlist_line_hours_emptied();
  DROP FUNCTION waitlist_line_hour(timestamptz);
  DROP TABLE "waitlist_line_hours" CASCADE;
  DROP INDEX "waitlist_entries_referrals_idx";
  DROP INDEX "waitlist_entries_product_status_idx";`)
}
