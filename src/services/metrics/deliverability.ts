import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

/**
 * Rolls the email log and email events of the last `days` UTC days (today included) into the
 * daily deliverability metrics (one row per day, rates as numeric(5,2) percentages), and
 * recomputes campaign totals from the same sources. Idempotent: run it as often as you like. Opens,
 * clicks and unsubscribes only ever grow: the events behind them are deleted at the retention age
 * (decision 0110), and the totals of an old campaign stay what they were.
 */
export const rollupDeliverability = async (payload: Payload, days = 2): Promise<number> => {
  const db = payload.db.drizzle
  const result = await db.execute(sql`
    WITH days AS (
      SELECT generate_series(
        date_trunc('day', now() AT TIME ZONE 'UTC') - make_interval(days => ${days - 1}),
        date_trunc('day', now() AT TIME ZONE 'UTC'), interval '1 day') AS day),
    figures AS (
      SELECT d.day,
        (SELECT count(*) FROM email_logs l WHERE l.status IN ('sent', 'bounced')
          AND (l.delivered_at AT TIME ZONE 'UTC') >= d.day AND (l.delivered_at AT TIME ZONE 'UTC') < d.day + interval '1 day')::int AS sent,
        (SELECT count(*) FROM email_logs l WHERE l.status = 'bounced'
          AND (l.delivered_at AT TIME ZONE 'UTC') >= d.day AND (l.delivered_at AT TIME ZONE 'UTC') < d.day + interval '1 day')::int AS bounced,
        (SELECT count(*) FROM email_events ev WHERE ev.event_type = 'complaint'
          AND (ev.timestamp AT TIME ZONE 'UTC') >= d.day AND (ev.timestamp AT TIME ZONE 'UTC') < d.day + interval '1 day')::int AS spam,
        (SELECT count(*) FROM email_events ev WHERE ev.event_type = 'unsubscribe'
          AND (ev.timestamp AT TIME ZONE 'UTC') >= d.day AND (ev.timestamp AT TIME ZONE 'UTC') < d.day + interval '1 day')::int AS unsubscribed
      FROM days d)
    INSERT INTO deliverability_metrics (date, total_sent, total_delivered, total_bounced, total_spam,
      total_unsubscribed, delivery_rate, bounce_rate, spam_rate, reputation_score, updated_at, created_at)
    SELECT f.day AT TIME ZONE 'UTC', f.sent, f.sent - f.bounced, f.bounced, f.spam, f.unsubscribed,
      CASE WHEN f.sent = 0 THEN 0 ELSE round(100.0 * (f.sent - f.bounced) / f.sent, 2) END,
      CASE WHEN f.sent = 0 THEN 0 ELSE round(100.0 * f.bounced / f.sent, 2) END,
      CASE WHEN f.sent = 0 THEN 0 ELSE round(100.0 * f.spam / f.sent, 2) END,
      CASE WHEN f.sent = 0 THEN 100 ELSE greatest(0, round(100 - 100.0 * f.bounced / f.sent - 1000.0 * f.spam / f.sent)) END,
      now(), now()
    FROM figures f
    ON CONFLICT (date) DO UPDATE SET total_sent = excluded.total_sent,
      total_delivered = excluded.total_delivered, total_bounced = excluded.total_bounced,
      total_spam = excluded.total_spam, total_unsubscribed = excluded.total_unsubscribed,
      delivery_rate = excluded.delivery_rate, bounce_rate = excluded.bounce_rate,
      spam_rate = excluded.spam_rate, reputation_score = excluded.reputation_score, updated_at = now()
    RETURNING id`)
  await db.execute(sql`
    UPDATE campaigns c SET
      total_sent = (SELECT count(*) FROM email_logs l WHERE l.campaign_id = c.id AND l.status IN ('sent', 'bounced')),
      total_delivered = (SELECT count(*) FROM email_logs l WHERE l.campaign_id = c.id AND l.status = 'sent'),
      total_bounces = (SELECT count(*) FROM email_logs l WHERE l.campaign_id = c.id AND l.status = 'bounced'),
      total_opens = greatest(c.total_opens, (SELECT count(*) FROM email_events e WHERE e.campaign_id = c.id AND e.event_type = 'open')),
      total_clicks = greatest(c.total_clicks, (SELECT count(*) FROM email_events e WHERE e.campaign_id = c.id AND e.event_type = 'click')),
      total_unsubscribes = greatest(c.total_unsubscribes, (SELECT count(*) FROM email_events e WHERE e.campaign_id = c.id AND e.event_type = 'unsubscribe')),
      updated_at = now()
    WHERE EXISTS (SELECT 1 FROM email_logs l WHERE l.campaign_id = c.id)`)
  return result.rows.length
}
