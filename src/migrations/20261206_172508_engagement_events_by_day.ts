import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Engagement events in one partition a UTC day (decision 0195), so the retention purge drops
 * whole days; the functions that make days ahead and drop expired ones. Events get no document
 * locks (no foreign key can point at a partitioned row). The rows are copied into the new table
 * with their ids; on a large table this takes a while, once.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_engagement_events_fk";
  
  DROP INDEX "payload_locked_documents_rels_engagement_events_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "engagement_events_id";
  -- One partition a UTC day (decision 0195): retention drops whole days. The table is rebuilt
  -- under the same name with the same columns, ids and sequence; its rows are copied over.
  ALTER TABLE "engagement_events" RENAME TO "engagement_events_unpartitioned";
  ALTER TABLE "engagement_events_unpartitioned" RENAME CONSTRAINT "engagement_events_pkey" TO "engagement_events_unpartitioned_pkey";
  ALTER INDEX "engagement_events_email_idx" RENAME TO "engagement_events_unpartitioned_email_idx";
  ALTER INDEX "engagement_events_updated_at_idx" RENAME TO "engagement_events_unpartitioned_updated_at_idx";
  ALTER INDEX "engagement_events_created_at_idx" RENAME TO "engagement_events_unpartitioned_created_at_idx";
  CREATE TABLE "engagement_events" (LIKE "engagement_events_unpartitioned" INCLUDING DEFAULTS)
    PARTITION BY RANGE ("created_at");
  ALTER SEQUENCE "engagement_events_id_seq" OWNED BY "engagement_events"."id";
  ALTER TABLE "engagement_events" ADD CONSTRAINT "engagement_events_pkey" PRIMARY KEY ("id", "created_at");
  CREATE INDEX "engagement_events_email_idx" ON "engagement_events" USING btree ("email");
  CREATE INDEX "engagement_events_updated_at_idx" ON "engagement_events" USING btree ("updated_at");
  CREATE INDEX "engagement_events_created_at_idx" ON "engagement_events" USING btree ("created_at");
  -- Rows of a day without its partition (far past or future, or loaded before the day's partition
  -- was made) go here.
  CREATE TABLE "engagement_events_default" PARTITION OF "engagement_events" DEFAULT;

  -- Makes the partitions of the days from first to last that do not exist yet; how many. A day
  -- whose rows already wait in the default partition is left there. Safe to run twice at once.
  CREATE FUNCTION engagement_events_add_days(first date, last date) RETURNS integer
  LANGUAGE plpgsql AS $$
  DECLARE
    day date;
    made integer := 0;
  BEGIN
    FOR day IN SELECT generate_series(first, last, interval '1 day')::date LOOP
      CONTINUE WHEN to_regclass('engagement_events_' || to_char(day, 'YYYYMMDD')) IS NOT NULL;
      BEGIN
        EXECUTE format('CREATE TABLE %I PARTITION OF engagement_events FOR VALUES FROM (%L) TO (%L)',
          'engagement_events_' || to_char(day, 'YYYYMMDD'),
          to_char(day, 'YYYY-MM-DD') || ' 00:00:00+00', to_char(day + 1, 'YYYY-MM-DD') || ' 00:00:00+00');
        made := made + 1;
      EXCEPTION WHEN check_violation OR duplicate_table THEN
        NULL;
      END;
    END LOOP;
    RETURN made;
  END $$;

  -- Drops the partitions of the days before the given one; how many rows they held.
  CREATE FUNCTION engagement_events_drop_days(before date) RETURNS bigint
  LANGUAGE plpgsql AS $$
  DECLARE
    part text;
    held bigint;
    dropped bigint := 0;
  BEGIN
    FOR part IN SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'engagement_events'::regclass
        AND c.relname ~ '^engagement_events_[0-9]{8}$'
        AND to_date(right(c.relname, 8), 'YYYYMMDD') < before
      ORDER BY c.relname LOOP
      EXECUTE format('SELECT count(*) FROM %I', part) INTO held;
      EXECUTE format('DROP TABLE %I', part);
      dropped := dropped + held;
    END LOOP;
    RETURN dropped;
  END $$;

  -- The days from the oldest event (at most 800 days back; older ones wait in the default
  -- partition for the purge) to a week ahead.
  SELECT engagement_events_add_days(
    greatest(
      coalesce(
        (SELECT min("created_at") AT TIME ZONE 'UTC' FROM "engagement_events_unpartitioned")::date,
        (now() AT TIME ZONE 'UTC')::date),
      (now() AT TIME ZONE 'UTC')::date - 800),
    (now() AT TIME ZONE 'UTC')::date + 7);
  INSERT INTO "engagement_events" SELECT * FROM "engagement_events_unpartitioned";
  DROP TABLE "engagement_events_unpartitioned";`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP FUNCTION engagement_events_add_days(date, date);
  DROP FUNCTION engagement_events_drop_days(date);
  ALTER TABLE "engagement_events" RENAME TO "engagement_events_partitioned";
  ALTER TABLE "engagement_events_partitioned" RENAME CONSTRAINT "engagement_events_pkey" TO "engagement_events_partitioned_pkey";
  ALTER INDEX "engagement_events_email_idx" RENAME TO "engagement_events_partitioned_email_idx";
  ALTER INDEX "engagement_events_updated_at_idx" RENAME TO "engagement_events_partitioned_updated_at_idx";
  ALTER INDEX "engagement_events_created_at_idx" RENAME TO "engagement_events_partitioned_created_at_idx";
  CREATE TABLE "engagement_events" (LIKE "engagement_events_partitioned" INCLUDING DEFAULTS);
  ALTER SEQUENCE "engagement_events_id_seq" OWNED BY "engagement_events"."id";
  ALTER TABLE "engagement_events" ADD CONSTRAINT "engagement_events_pkey" PRIMARY KEY ("id");
  CREATE INDEX "engagement_events_email_idx" ON "engagement_events" USING btree ("email");
  CREATE INDEX "engagement_events_updated_at_idx" ON "engagement_events" USING btree ("updated_at");
  CREATE INDEX "engagement_events_created_at_idx" ON "engagement_events" USING btree ("created_at");
  INSERT INTO "engagement_events" SELECT * FROM "engagement_events_partitioned";
  DROP TABLE "engagement_events_partitioned";
   ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "engagement_events_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_engagement_events_fk" FOREIGN KEY ("engagement_events_id") REFERENCES "public"."engagement_events"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_engagement_events_id_idx" ON "payload_locked_documents_rels" USING btree ("engagement_events_id");`)
}
