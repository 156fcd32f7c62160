import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * The length of each product's waitlist line, kept in a few counter rows per product by triggers
 * on waitlist_entries (decision 0124), so a signup reads its place from those rows instead of
 * counting the line. Every write to the entries moves the counters, through whatever door it came:
 * inserts and deletes per statement (one counter row per product touched, a random shard so
 * concurrent signups rarely wait for one another), a change of product per row, TRUNCATE empties them.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "waitlist_line_counts" (
  	"product" text NOT NULL,
  	"shard" smallint NOT NULL,
  	"entries" integer NOT NULL,
  	CONSTRAINT "waitlist_line_counts_product_shard_pk" PRIMARY KEY("product","shard")
  );

  CREATE FUNCTION waitlist_line_count_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO waitlist_line_counts (product, shard, entries)
        SELECT product::text, floor(random() * 16)::smallint, count(*) FROM new_rows GROUP BY product
      ON CONFLICT (product, shard) DO UPDATE
        SET entries = waitlist_line_counts.entries + EXCLUDED.entries;
    ELSE
      INSERT INTO waitlist_line_counts (product, shard, entries)
        SELECT product::text, floor(random() * 16)::smallint, -count(*) FROM old_rows GROUP BY product
      ON CONFLICT (product, shard) DO UPDATE
        SET entries = waitlist_line_counts.entries + EXCLUDED.entries;
    END IF;
    RETURN NULL;
  END $$;

  CREATE FUNCTION waitlist_line_count_moved() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO waitlist_line_counts (product, shard, entries)
      VALUES (OLD.product::text, floor(random() * 16)::smallint, -1),
        (NEW.product::text, floor(random() * 16)::smallint, 1)
    ON CONFLICT (product, shard) DO UPDATE
      SET entries = waitlist_line_counts.entries + EXCLUDED.entries;
    RETURN NULL;
  END $$;

  CREATE FUNCTION waitlist_line_count_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM waitlist_line_counts;
    RETURN NULL;
  END $$;

  CREATE TRIGGER waitlist_line_count_inserted AFTER INSERT ON waitlist_entries
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waitlist_line_count_changed();
  CREATE TRIGGER waitlist_line_count_deleted AFTER DELETE ON waitlist_entries
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waitlist_line_count_changed();
  CREATE TRIGGER waitlist_line_count_moved AFTER UPDATE OF product ON waitlist_entries
    FOR EACH ROW WHEN (OLD.product IS DISTINCT FROM NEW.product)
    EXECUTE FUNCTION waitlist_line_count_moved();
  CREATE TRIGGER waitlist_line_count_emptied AFTER TRUNCATE ON waitlist_entries
    FOR EACH STATEMENT EXECUTE FUNCTION waitlist_line_count_emptied();

  INSERT INTO waitlist_line_counts (product, shard, entries)
    SELECT product::text, 0, count(*) FROM waitlist_entries GROUP BY product;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TRIGGER waitlist_line_count_inserted ON waitlist_entries;
  DROP TRIGGER waitlist_line_count_deleted ON waitlist_entries;
  DROP TRIGGER waitlist_line_count_moved ON waitlist_entries;
  DROP TRIGGER waitlist_line_count_emptied ON waitlist_entries;
  DROP FUNCTION waitlist_line_count_changed();
  DROP FUNCTION waitlist_line_count_moved();
  DROP FUNCTION waitlist_line_count_emptied();
  DROP TABLE "waitlist_line_counts";`)
}
