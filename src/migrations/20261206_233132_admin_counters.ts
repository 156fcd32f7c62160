import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * The rest of the admin at a million people (decision 0255): counts kept by triggers, each backfilled
 * here from the rows there are.
 * - waitlist_referral_counts: the confirmed entries each referrer referred, per product of the
 *   referred entry, with the referrer's joining time (the leaderboard's order among equals: one
 *   index holds the boards). Inserts and deletes per statement, in key order; a change of
 *   referrer, confirmation or product per row; a count brought to zero is removed; a referrer's
 *   new joining time follows; TRUNCATE empties it.
 * - waitlist_confirmed_days: the confirmed entries of each product per UTC day of joining, in 8
 *   shard rows per product and day like waitlist_line_hours (decision 0235).
 * - newsletter_subscriber_days: the subscribers per UTC day of subscribing (infinity without a
 *   date), in 8 shard rows per day.
 */

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "waitlist_referral_counts" (
  	"referrer_id" integer NOT NULL,
  	"product" text NOT NULL,
  	"referral_count" integer NOT NULL,
  	"referrer_joined_at" timestamp(3) with time zone,
  	CONSTRAINT "waitlist_referral_counts_referrer_id_product_pk" PRIMARY KEY("referrer_id","product")
  );

  CREATE INDEX "waitlist_referral_counts_top_idx" ON "waitlist_referral_counts" USING btree ("product","referral_count" DESC NULLS LAST,"referrer_joined_at","referrer_id");

  CREATE FUNCTION waitlist_referral_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO waitlist_referral_counts (referrer_id, product, referral_count, referrer_joined_at)
        SELECT n.referred_by_id, n.product::text, count(*),
          (SELECT r.joined_at FROM waitlist_entries r WHERE r.id = n.referred_by_id)
        FROM new_rows n WHERE n.referred_by_id IS NOT NULL AND n.confirmed_at IS NOT NULL
        GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (referrer_id, product) DO UPDATE
        SET referral_count = waitlist_referral_counts.referral_count + EXCLUDED.referral_count;
    ELSE
      INSERT INTO waitlist_referral_counts (referrer_id, product, referral_count)
        SELECT referred_by_id, product::text, -count(*) FROM old_rows
        WHERE referred_by_id IS NOT NULL AND confirmed_at IS NOT NULL
        GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (referrer_id, product) DO UPDATE
        SET referral_count = waitlist_referral_counts.referral_count + EXCLUDED.referral_count;
      DELETE FROM waitlist_referral_counts c USING old_rows o
        WHERE c.referrer_id = o.referred_by_id AND c.product = o.product::text AND c.referral_count <= 0;
    END IF;
    RETURN NULL;
  END $$;

  CREATE FUNCTION waitlist_referral_counts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF OLD.referred_by_id IS NOT NULL AND OLD.confirmed_at IS NOT NULL THEN
      INSERT INTO waitlist_referral_counts (referrer_id, product, referral_count)
        VALUES (OLD.referred_by_id, OLD.product::text, -1)
      ON CONFLICT (referrer_id, product) DO UPDATE
        SET referral_count = waitlist_referral_counts.referral_count + EXCLUDED.referral_count;
      DELETE FROM waitlist_referral_counts WHERE referrer_id = OLD.referred_by_id
        AND product = OLD.product::text AND referral_count <= 0;
    END IF;
    IF NEW.referred_by_id IS NOT NULL AND NEW.confirmed_at IS NOT NULL THEN
      INSERT INTO waitlist_referral_counts (referrer_id, product, referral_count, referrer_joined_at)
        VALUES (NEW.referred_by_id, NEW.product::text, 1,
          (SELECT r.joined_at FROM waitlist_entries r WHERE r.id = NEW.referred_by_id))
      ON CONFLICT (referrer_id, product) DO UPDATE
        SET referral_count = waitlist_referral_counts.referral_count + EXCLUDED.referral_count;
    END IF;
    RETURN NULL;
  END $$;

  -- A referrer's joining time moved: its counts follow (the board's order among equals).
  CREATE FUNCTION waitlist_referral_counts_rejoined() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE waitlist_referral_counts SET referrer_joined_at = NEW.joined_at WHERE referrer_id = NEW.id;
    RETURN NULL;
  END $$;

  CREATE FUNCTION waitlist_referral_counts_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM waitlist_referral_counts;
    RETURN NULL;
  END $$;

  CREATE TRIGGER waitlist_referral_counts_inserted AFTER INSERT ON waitlist_entries
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waitlist_referral_counts_changed();
  CREATE TRIGGER waitlist_referral_counts_deleted AFTER DELETE ON waitlist_entries
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waitlist_referral_counts_changed();
  CREATE TRIGGER waitlist_referral_counts_moved AFTER UPDATE OF referred_by_id, confirmed_at, product ON waitlist_entries
    FOR EACH ROW WHEN (OLD.referred_by_id IS DISTINCT FROM NEW.referred_by_id
      OR (OLD.confirmed_at IS NULL) <> (NEW.confirmed_at IS NULL) OR OLD.product IS DISTINCT FROM NEW.product)
    EXECUTE FUNCTION waitlist_referral_counts_moved();
  CREATE TRIGGER waitlist_referral_counts_rejoined AFTER UPDATE OF joined_at ON waitlist_entries
    FOR EACH ROW WHEN (OLD.joined_at IS DISTINCT FROM NEW.joined_at)
    EXECUTE FUNCTION waitlist_referral_counts_rejoined();
  CREATE TRIGGER waitlist_referral_counts_emptied AFTER TRUNCATE ON waitlist_entries
    FOR EACH STATEMENT EXECUTE FUNCTION waitlist_referral_counts_emptied();

  INSERT INTO waitlist_referral_counts (referrer_id, product, referral_count, referrer_joined_at)
    SELECT c.referrer_id, c.product, c.referral_count, r.joined_at FROM (
      SELECT referred_by_id AS referrer_id, product::text, count(*) AS referral_count FROM waitlist_entries
      WHERE referred_by_id IS NOT NULL AND confirmed_at IS NOT NULL GROUP BY 1, 2) c
    JOIN waitlist_entries r ON r.id = c.referrer_id;

  CREATE TABLE "waitlist_confirmed_days" (
  	"product" text NOT NULL,
  	"joined_day" date NOT NULL,
  	"shard" smallint NOT NULL,
  	"entries" integer NOT NULL,
  	CONSTRAINT "waitlist_confirmed_days_product_joined_day_shard_pk" PRIMARY KEY("product","joined_day","shard")
  );

  CREATE FUNCTION waitlist_confirmed_days_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO waitlist_confirmed_days (product, joined_day, shard, entries)
        SELECT product::text, (joined_at AT TIME ZONE 'UTC')::date, floor(random() * 8)::smallint, count(*)
        FROM new_rows WHERE joined_at IS NOT NULL AND confirmed_at IS NOT NULL GROUP BY 1, 2
      ON CONFLICT (product, joined_day, shard) DO UPDATE
        SET entries = waitlist_confirmed_days.entries + EXCLUDED.entries;
    ELSE
      INSERT INTO waitlist_confirmed_days (product, joined_day, shard, entries)
        SELECT product::text, (joined_at AT TIME ZONE 'UTC')::date, floor(random() * 8)::smallint, -count(*)
        FROM old_rows WHERE joined_at IS NOT NULL AND confirmed_at IS NOT NULL GROUP BY 1, 2
      ON CONFLICT (product, joined_day, shard) DO UPDATE
        SET entries = waitlist_confirmed_days.entries + EXCLUDED.entries;
    END IF;
    RETURN NULL;
  END $$;

  CREATE FUNCTION waitlist_confirmed_days_moved() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF OLD.joined_at IS NOT NULL AND OLD.confirmed_at IS NOT NULL THEN
      INSERT INTO waitlist_confirmed_days (product, joined_day, shard, entries)
        VALUES (OLD.product::text, (OLD.joined_at AT TIME ZONE 'UTC')::date, floor(random() * 8)::smallint, -1)
      ON CONFLICT (product, joined_day, shard) DO UPDATE
        SET entries = waitlist_confirmed_days.entries + EXCLUDED.entries;
    END IF;
    IF NEW.joined_at IS NOT NULL AND NEW.confirmed_at IS NOT NULL THEN
      INSERT INTO waitlist_confirmed_days (product, joined_day, shard, entries)
        VALUES (NEW.product::text, (NEW.joined_at AT TIME ZONE 'UTC')::date, floor(random() * 8)::smallint, 1)
      ON CONFLICT (product, joined_day, shard) DO UPDATE
        SET entries = waitlist_confirmed_days.entries + EXCLUDED.entries;
    END IF;
    RETURN NULL;
  END $$;

  CREATE FUNCTION waitlist_confirmed_days_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM waitlist_confirmed_days;
    RETURN NULL;
  END $$;

  CREATE TRIGGER waitlist_confirmed_days_inserted AFTER INSERT ON waitlist_entries
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waitlist_confirmed_days_changed();
  CREATE TRIGGER waitlist_confirmed_days_deleted AFTER DELETE ON waitlist_entries
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waitlist_confirmed_days_changed();
  CREATE TRIGGER waitlist_confirmed_days_moved AFTER UPDATE OF product, joined_at, confirmed_at ON waitlist_entries
    FOR EACH ROW WHEN (OLD.product IS DISTINCT FROM NEW.product OR OLD.joined_at IS DISTINCT FROM NEW.joined_at
      OR (OLD.confirmed_at IS NULL) <> (NEW.confirmed_at IS NULL))
    EXECUTE FUNCTION waitlist_confirmed_days_moved();
  CREATE TRIGGER waitlist_confirmed_days_emptied AFTER TRUNCATE ON waitlist_entries
    FOR EACH STATEMENT EXECUTE FUNCTION waitlist_confirmed_days_emptied();

  INSERT INTO waitlist_confirmed_days (product, joined_day, shard, entries)
    SELECT product::text, (joined_at AT TIME ZONE 'UTC')::date, 0, count(*) FROM waitlist_entries
    WHERE joined_at IS NOT NULL AND confirmed_at IS NOT NULL GROUP BY 1, 2;

  CREATE TABLE "newsletter_subscriber_days" (
  	"subscribed_day" date NOT NULL,
  	"shard" smallint NOT NULL,
  	"subscribers" integer NOT NULL,
  	CONSTRAINT "newsletter_subscriber_days_subscribed_day_shard_pk" PRIMARY KEY("subscribed_day","shard")
  );

  -- The UTC day of a subscription; infinity for one without a date (counted in the total only).
  CREATE FUNCTION newsletter_subscriber_day(subscribed timestamptz) RETURNS date LANGUAGE sql IMMUTABLE
    AS $$ SELECT coalesce((subscribed AT TIME ZONE 'UTC')::date, 'infinity'::date) $$;

  CREATE FUNCTION newsletter_subscriber_days_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO newsletter_subscriber_days (subscribed_day, shard, subscribers)
        SELECT newsletter_subscriber_day(subscribed_at), floor(random() * 8)::smallint, count(*)
        FROM new_rows GROUP BY 1
      ON CONFLICT (subscribed_day, shard) DO UPDATE
        SET subscribers = newsletter_subscriber_days.subscribers + EXCLUDED.subscribers;
    ELSE
      INSERT INTO newsletter_subscriber_days (subscribed_day, shard, subscribers)
        SELECT newsletter_subscriber_day(subscribed_at), floor(random() * 8)::smallint, -count(*)
        FROM old_rows GROUP BY 1
      ON CONFLICT (subscribed_day, shard) DO UPDATE
        SET subscribers = newsletter_subscriber_days.subscribers + EXCLUDED.subscribers;
    END IF;
    RETURN NULL;
  END $$;

  CREATE FUNCTION newsletter_subscriber_days_moved() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO newsletter_subscriber_days (subscribed_day, shard, subscribers)
      VALUES (newsletter_subscriber_day(OLD.subscribed_at), floor(random() * 8)::smallint, -1)
    ON CONFLICT (subscribed_day, shard) DO UPDATE
      SET subscribers = newsletter_subscriber_days.subscribers + EXCLUDED.subscribers;
    INSERT INTO newsletter_subscriber_days (subscribed_day, shard, subscribers)
      VALUES (newsletter_subscriber_day(NEW.subscribed_at), floor(random() * 8)::smallint, 1)
    ON CONFLICT (subscribed_day, shard) DO UPDATE
      SET subscribers = newsletter_subscriber_days.subscribers + EXCLUDED.subscribers;
    RETURN NULL;
  END $$;

  CREATE FUNCTION newsletter_subscriber_days_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM newsletter_subscriber_days;
    RETURN NULL;
  END $$;

  CREATE TRIGGER newsletter_subscriber_days_inserted AFTER INSERT ON newsletter_subscribers
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION newsletter_subscriber_days_changed();
  CREATE TRIGGER newsletter_subscriber_days_deleted AFTER DELETE ON newsletter_subscribers
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION newsletter_subscriber_days_changed();
  CREATE TRIGGER newsletter_subscriber_days_moved AFTER UPDATE OF subscribed_at ON newsletter_subscribers
    FOR EACH ROW WHEN (newsletter_subscriber_day(OLD.subscribed_at) <> newsletter_subscriber_day(NEW.subscribed_at))
    EXECUTE FUNCTION newsletter_subscriber_days_moved();
  CREATE TRIGGER newsletter_subscriber_days_emptied AFTER TRUNCATE ON newsletter_subscribers
    FOR EACH STATEMENT EXECUTE FUNCTION newsletter_subscriber_days_emptied();

  INSERT INTO newsletter_subscriber_days (subscribed_day, shard, subscribers)
    SELECT newsletter_subscriber_day(subscribed_at), 0, count(*) FROM newsletter_subscribers GROUP BY 1;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TRIGGER waitlist_referral_counts_inserted ON waitlist_entries;
  DROP TRIGGER waitlist_referral_counts_deleted ON waitlist_entries;
  DROP TRIGGER waitlist_referral_counts_moved ON waitlist_entries;
  DROP TRIGGER waitlist_referral_counts_rejoined ON waitlist_entries;
  DROP TRIGGER waitlist_referral_counts_emptied ON waitlist_entries;
  DROP TRIGGER waitlist_confirmed_days_inserted ON waitlist_entries;
  DROP TRIGGER waitlist_confirmed_days_deleted ON waitlist_entries;
  DROP TRIGGER waitlist_confirmed_days_moved ON waitlist_entries;
  DROP TRIGGER waitlist_confirmed_days_emptied ON waitlist_entries;
  DROP TRIGGER newsletter_subscriber_days_inserted ON newsletter_subscribers;
  DROP TRIGGER newsletter_subscriber_days_deleted ON newsletter_subscribers;
  DROP TRIGGER newsletter_subscriber_days_moved ON newsletter_subscribers;
  DROP TRIGGER newsletter_subscriber_days_emptied ON newsletter_subscribers;
  DROP FUNCTION waitlist_referral_counts_changed();
  DROP FUNCTION waitlist_referral_counts_moved();
  DROP FUNCTION waitlist_referral_counts_rejoined();
  DROP FUNCTION waitlist_referral_counts_emptied();
  DROP FUNCTION waitlist_confirmed_days_changed();
  DROP FUNCTION waitlist_confirmed_days_moved();
  DROP FUNCTION waitlist_confirmed_days_emptied();
  DROP FUNCTION newsletter_subscriber_days_changed();
  DROP FUNCTION newsletter_subscriber_days_moved();
  DROP FUNCTION newsletter_subscriber_days_emptied();
  DROP FUNCTION newsletter_subscriber_day(timestamptz);
  DROP TABLE "waitlist_referral_counts" CASCADE;
  DROP TABLE "waitlist_confirmed_days" CASCADE;
  DROP TABLE "newsletter_subscriber_days" CASCADE;`)
}
