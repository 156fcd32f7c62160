import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * A new waitlist entry moves all its counters in one trigger call (decision 0262): the four
 * statement-level INSERT triggers of waitlist_line_counts (decision 0124), waitlist_line_hours
 * (0235), waitlist_referral_counts and waitlist_confirmed_days (0255) become one, whose single
 * statement adds to all four from the inserted rows. A signup paid four plpgsql calls and four
 * statements; it now pays one of each (the referral and confirmed-day parts find no row for an
 * unconfirmed signup). Still per statement, so a bulk insert stays one pass. Deletes, moves and
 * TRUNCATE keep their own triggers.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE FUNCTION waitlist_counters_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    WITH line AS (
      INSERT INTO waitlist_line_counts (product, shard, entries)
        SELECT product::text, floor(random() * 16)::smallint, count(*) FROM new_rows GROUP BY product
      ON CONFLICT (product, shard) DO UPDATE
        SET entries = waitlist_line_counts.entries + EXCLUDED.entries),
    hours AS (
      INSERT INTO waitlist_line_hours (product, hour, shard, entries)
        SELECT product::text, waitlist_line_hour(joined_at), floor(random() * 8)::smallint, count(*)
        FROM new_rows WHERE joined_at IS NOT NULL GROUP BY 1, 2
      ON CONFLICT (product, hour, shard) DO UPDATE
        SET entries = waitlist_line_hours.entries + EXCLUDED.entries),
    referrals AS (
      INSERT INTO waitlist_referral_counts (referrer_id, product, referral_count, referrer_joined_at)
        SELECT n.referred_by_id, n.product::text, count(*),
          (SELECT r.joined_at FROM waitlist_entries r WHERE r.id = n.referred_by_id)
        FROM new_rows n WHERE n.referred_by_id IS NOT NULL AND n.confirmed_at IS NOT NULL
        GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (referrer_id, product) DO UPDATE
        SET referral_count = waitlist_referral_counts.referral_count + EXCLUDED.referral_count)
    INSERT INTO waitlist_confirmed_days (product, joined_day, shard, entries)
      SELECT product::text, (joined_at AT TIME ZONE 'UTC')::date, floor(random() * 8)::smallint, count(*)
      FROM new_rows WHERE joined_at IS NOT NULL AND confirmed_at IS NOT NULL GROUP BY 1, 2
    ON CONFLICT (product, joined_day, shard) DO UPDATE
      SET entries = waitlist_confirmed_days.entries + EXCLUDED.entries;
    RETURN NULL;
  END $$;

  DROP TRIGGER waitlist_line_count_inserted ON waitlist_entries;
  DROP TRIGGER waitlist_line_hours_inserted ON waitlist_entries;
  DROP TRIGGER waitlist_referral_counts_inserted ON waitlist_entries;
  DROP TRIGGER waitlist_confirmed_days_inserted ON waitlist_entries;
  CREATE TRIGGER waitlist_counters_inserted AFTER INSERT ON waitlist_entries
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waitlist_counters_inserted();`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TRIGGER waitlist_counters_inserted ON waitlist_entries;
  DROP FUNCTION waitlist_counters_inserted();
  CREATE TRIGGER waitlist_line_count_inserted AFTER INSERT ON waitlist_entries
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waitlist_line_count_changed();
  CREATE TRIGGER waitlist_line_hours_inserted AFTER INSERT ON waitlist_entries
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waitlist_line_hours_changed();
  CREATE TRIGGER waitlist_referral_counts_inserted AFTER INSERT ON waitlist_entries
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waitlist_referral_counts_changed();
  CREATE TRIGGER waitlist_confirmed_days_inserted AFTER INSERT ON waitlist_entries
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waitlist_confirmed_days_changed();`)
}
