import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { alias, bare, campaigns, deliverability_metrics, email_events, email_logs } from '@/db'

const l = alias(email_logs, 'l')
const ev = alias(email_events, 'ev')
const e = alias(email_events, 'e')
const c = alias(campaigns, 'c')

/**
 * Rolls the email log and email events of the last `days` UTC days (today included) into the
 * daily deliverability metrics (one row per day, rates as numeric(5,2) percentages), and
 * recomputes campaign totals from the same sources. Idempotent: run it as often as you like. Opens,
 * clicks and unsubscribes only ever grow: the events behind them are deleted at the retention age
 * (decision 0110), and the totals of an old campaign stay what they were.
 */
export const rollupDeliverability = async (payload: Payload, days = 2): Promise<number> => {
  const db = payload.db.drizzle
  const m = deliverability_metrics
  const result = await db.execute(sql`
    WITH days AS (
      SELECT generate_series(
        date_trunc('day', now() AT TIME ZONE 'UTC') - make_interval(days => ${days - 1}),
        date_trunc('day', now() AT TIME ZONE 'UTC'), interval '1 day') AS day),
    figures AS (
      SELECT d.day,
        (SELECT count(*) FROM ${email_logs} ${l} WHERE ${l.status} IN ('sent', 'bounced')
          AND (${l.deliveredAt} AT TIME ZONE 'UTC') >= d.day
          AND (${l.deliveredAt} AT TIME ZONE 'UTC') < d.day + interval '1 day')::int AS sent,
        (SELECT count(*) FROM ${email_logs} ${l} WHERE ${l.status} = 'bounced'
          AND (${l.deliveredAt} AT TIME ZONE 'UTC') >= d.day
          AND (${l.deliveredAt} AT TIME ZONE 'UTC') < d.day + interval '1 day')::int AS bounced,
        (SELECT count(*) FROM ${email_events} ${ev} WHERE ${ev.eventType} = 'complaint'
          AND (${ev.timestamp} AT TIME ZONE 'UTC') >= d.day
          AND (${ev.timestamp} AT TIME ZONE 'UTC') < d.day + interval '1 day')::int AS spam,
        (SELECT count(*) FROM ${email_events} ${ev} WHERE ${ev.eventType} = 'unsubscribe'
          AND (${ev.timestamp} AT TIME ZONE 'UTC') >= d.day
          AND (${ev.timestamp} AT TIME ZONE 'UTC') < d.day + interval '1 day')::int AS unsubscribed
      FROM days d)
    INSERT INTO ${m} (${bare(m.date, m.totalSent, m.totalDelivered, m.totalBounced, m.totalSpam, m.totalUnsubscribed, m.deliveryRate, m.bounceRate, m.spamRate, m.reputationScore, m.updatedAt, m.createdAt)})
    SELECT f.day AT TIME ZONE 'UTC', f.sent, f.sent - f.bounced, f.bounced, f.spam, f.unsubscribed,
      CASE WHEN f.sent = 0 THEN 0 ELSE round(100.0 * (f.sent - f.bounced) / f.sent, 2) END,
      CASE WHEN f.sent = 0 THEN 0 ELSE round(100.0 * f.bounced / f.sent, 2) END,
      CASE WHEN f.sent = 0 THEN 0 ELSE round(100.0 * f.spam / f.sent, 2) END,
      CASE WHEN f.sent = 0 THEN 100 ELSE greatest(0, round(100 - 100.0 * f.bounced / f.sent - 1000.0 * f.spam / f.sent)) END,
      now(), now()
    FROM figures f
    ON CONFLICT (${bare(m.date)}) DO UPDATE SET ${bare(m.totalSent)} = excluded.${bare(m.totalSent)},
      ${bare(m.totalDelivered)} = excluded.${bare(m.totalDelivered)}, ${bare(m.totalBounced)} = excluded.${bare(m.totalBounced)},
      ${bare(m.totalSpam)} = excluded.${bare(m.totalSpam)}, ${bare(m.totalUnsubscribed)} = excluded.${bare(m.totalUnsubscribed)},
      ${bare(m.deliveryRate)} = excluded.${bare(m.deliveryRate)}, ${bare(m.bounceRate)} = excluded.${bare(m.bounceRate)},
      ${bare(m.spamRate)} = excluded.${bare(m.spamRate)}, ${bare(m.reputationScore)} = excluded.${bare(m.reputationScore)}, ${bare(m.updatedAt)} = now()
    RETURNING ${bare(m.id)}`)
  await db.execute(sql`
    UPDATE ${campaigns} ${c} SET
      ${bare(c.totalSent)} = (SELECT count(*) FROM ${email_logs} ${l} WHERE ${l.campaign} = ${c.id} AND ${l.status} IN ('sent', 'bounced')),
      ${bare(c.totalDelivered)} = (SELECT count(*) FROM ${email_logs} ${l} WHERE ${l.campaign} = ${c.id} AND ${l.status} = 'sent'),
      ${bare(c.totalBounces)} = (SELECT count(*) FROM ${email_logs} ${l} WHERE ${l.campaign} = ${c.id} AND ${l.status} = 'bounced'),
      ${bare(c.totalOpens)} = greatest(${c.totalOpens}, (SELECT count(*) FROM ${email_events} ${e} WHERE ${e.campaign} = ${c.id} AND ${e.eventType} = 'open')),
      ${bare(c.totalClicks)} = greatest(${c.totalClicks}, (SELECT count(*) FROM ${email_events} ${e} WHERE ${e.campaign} = ${c.id} AND ${e.eventType} = 'click')),
      ${bare(c.totalUnsubscribes)} = greatest(${c.totalUnsubscribes}, (SELECT count(*) FROM ${email_events} ${e} WHERE ${e.campaign} = ${c.id} AND ${e.eventType} = 'unsubscribe')),
      ${bare(c.updatedAt)} = now()
    WHERE EXISTS (SELECT 1 FROM ${email_logs} ${l} WHERE ${l.campaign} = ${c.id})`)
  return result.rows.length
}
