import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

import { describeVisitor } from '@/lib/visitor'

/**
 * Email opens and clicks keep browser, OS and device type instead of the User-Agent string, and a
 * daily-salted hash instead of the IP, as the site's other events do (decisions 0110, 0111). Stored
 * rows are converted the same way before the strings are dropped: one UPDATE per distinct
 * User-Agent. Stored IPs are not converted (a hash salted for another day counts nothing): they go.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "email_events" ADD COLUMN "browser" varchar;
  ALTER TABLE "email_events" ADD COLUMN "os" varchar;
  ALTER TABLE "email_events" ADD COLUMN "device_type" varchar;
  ALTER TABLE "email_events" ADD COLUMN "ip_hash" varchar;`)

  const agents = await db.execute(
    sql`SELECT DISTINCT user_agent FROM email_events WHERE user_agent IS NOT NULL`,
  )
  for (const { user_agent: agent } of agents.rows as { user_agent: string }[]) {
    const visitor = describeVisitor(agent)
    await db.execute(sql`UPDATE email_events SET browser = ${visitor.browser}, os = ${visitor.os},
      device_type = ${visitor.deviceType} WHERE user_agent = ${agent}`)
  }

  await db.execute(sql`
   ALTER TABLE "email_events" DROP COLUMN "user_agent";
  ALTER TABLE "email_events" DROP COLUMN "ip_address";`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  // The User-Agent strings and IPs are gone for good: the columns come back empty.
  await db.execute(sql`
   ALTER TABLE "email_events" ADD COLUMN "user_agent" varchar;
  ALTER TABLE "email_events" ADD COLUMN "ip_address" varchar;
  ALTER TABLE "email_events" DROP COLUMN "browser";
  ALTER TABLE "email_events" DROP COLUMN "os";
  ALTER TABLE "email_events" DROP COLUMN "device_type";
  ALTER TABLE "email_events" DROP COLUMN "ip_hash";`)
}
