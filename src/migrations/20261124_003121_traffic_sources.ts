import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

import { describeVisitor, isBot } from '@/lib/visitor'

const EVENT_TABLES = ['analytics_events', 'engagement_events'] as const

/**
 * Events keep browser, OS and device type instead of the User-Agent string, and page views their
 * source (decision 0111). Stored rows are converted the same way before the string is dropped:
 * one UPDATE per distinct User-Agent; rows of bots are deleted (they were never visitors); pages
 * lose their query strings; a page view's full referrer in its event data becomes its host.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "analytics_events" ADD COLUMN "browser" varchar;
  ALTER TABLE "analytics_events" ADD COLUMN "os" varchar;
  ALTER TABLE "analytics_events" ADD COLUMN "device_type" varchar;
  ALTER TABLE "engagement_events" ADD COLUMN "browser" varchar;
  ALTER TABLE "engagement_events" ADD COLUMN "os" varchar;
  ALTER TABLE "engagement_events" ADD COLUMN "device_type" varchar;
  ALTER TABLE "engagement_events" ADD COLUMN "referrer_host" varchar;
  ALTER TABLE "engagement_events" ADD COLUMN "utm_source" varchar;
  ALTER TABLE "engagement_events" ADD COLUMN "utm_medium" varchar;
  ALTER TABLE "engagement_events" ADD COLUMN "utm_campaign" varchar;
  CREATE INDEX "analytics_events_device_type_idx" ON "analytics_events" USING btree ("device_type");
  CREATE INDEX "engagement_events_device_type_idx" ON "engagement_events" USING btree ("device_type");
  CREATE INDEX "engagement_events_referrer_host_idx" ON "engagement_events" USING btree ("referrer_host");
  CREATE INDEX "engagement_events_utm_campaign_idx" ON "engagement_events" USING btree ("utm_campaign");`)

  for (const table of EVENT_TABLES) {
    const name = sql.identifier(table)
    const agents = await db.execute(sql`SELECT DISTINCT user_agent FROM ${name}`)
    for (const { user_agent: agent } of agents.rows as { user_agent: string | null }[]) {
      const where = agent === null ? sql`user_agent IS NULL` : sql`user_agent = ${agent}`
      if (isBot(agent)) {
        await db.execute(sql`DELETE FROM ${name} WHERE ${where}`)
        continue
      }
      const visitor = describeVisitor(agent)
      await db.execute(sql`UPDATE ${name} SET browser = ${visitor.browser}, os = ${visitor.os},
        device_type = ${visitor.deviceType} WHERE ${where}`)
    }
    await db.execute(sql`UPDATE ${name} SET page = split_part(split_part(page, '?', 1), '#', 1)
      WHERE page ~ '[?#]'`)
  }

  for (let lastId = 0; ;) {
    const { rows } = await db.execute(sql`SELECT id, event_data FROM engagement_events
      WHERE id > ${lastId} AND event_type = 'page_view' AND event_data LIKE '%"referrer"%'
      ORDER BY id LIMIT 1000`)
    const batch = rows as { id: number; event_data: string }[]
    if (batch.length === 0) break
    lastId = batch[batch.length - 1].id
    for (const row of batch) {
      let data: Record<string, unknown>
      try {
        data = JSON.parse(row.event_data)
      } catch {
        continue
      }
      let host: string | null = null
      try {
        host = typeof data.referrer === 'string' ? new URL(data.referrer).hostname : null
      } catch {
        host = null
      }
      delete data.referrer
      await db.execute(sql`UPDATE engagement_events SET event_data = ${JSON.stringify(data)},
        referrer_host = ${host || null} WHERE id = ${row.id}`)
    }
  }

  await db.execute(sql`
   ALTER TABLE "analytics_events" DROP COLUMN "user_agent";
  ALTER TABLE "engagement_events" DROP COLUMN "user_agent";`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  // The User-Agent strings are gone for good: the column comes back empty.
  await db.execute(sql`
   ALTER TABLE "analytics_events" ADD COLUMN "user_agent" varchar;
  ALTER TABLE "engagement_events" ADD COLUMN "user_agent" varchar;
  DROP INDEX "analytics_events_device_type_idx";
  DROP INDEX "engagement_events_device_type_idx";
  DROP INDEX "engagement_events_referrer_host_idx";
  DROP INDEX "engagement_events_utm_campaign_idx";
  ALTER TABLE "analytics_events" DROP COLUMN "browser";
  ALTER TABLE "analytics_events" DROP COLUMN "os";
  ALTER TABLE "analytics_events" DROP COLUMN "device_type";
  ALTER TABLE "engagement_events" DROP COLUMN "browser";
  ALTER TABLE "engagement_events" DROP COLUMN "os";
  ALTER TABLE "engagement_events" DROP COLUMN "device_type";
  ALTER TABLE "engagement_events" DROP COLUMN "referrer_host";
  ALTER TABLE "engagement_events" DROP COLUMN "utm_source";
  ALTER TABLE "engagement_events" DROP COLUMN "utm_medium";
  ALTER TABLE "engagement_events" DROP COLUMN "utm_campaign";`)
}
