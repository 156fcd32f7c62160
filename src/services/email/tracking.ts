import { createHmac, timingSafeEqual } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { hashIp } from '@/lib/anonymize'
import { escapeHtml } from '@/lib/email/html-text'
import { env, serverUrl } from '@/lib/env'
import { describeVisitor } from '@/lib/visitor'

/** Open and click tracking: off unless EMAIL_TRACKING=on, and then only in bulk mail. */
export const trackingOn = () => env().EMAIL_TRACKING === 'on'

const sign = (value: string) =>
  createHmac('sha256', env().PAYLOAD_SECRET).update(value).digest('base64url').slice(0, 22)

export const validSignature = (value: string, signature: string) => {
  const expected = Buffer.from(sign(value))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** Links go through the click endpoint and a 1×1 image marks the open; each URL is signed. */
export const withTracking = (html: string, logId: number) => {
  const base = `${serverUrl()}/api/email`
  const tracked = html.replace(/href="(https?:\/\/[^"]+)"/gi, (_m, url: string) => {
    const target = url.replace(/&amp;/g, '&')
    const query = new URLSearchParams({
      id: String(logId),
      url: target,
      sig: sign(`${logId} ${target}`),
    })
    return `href="${escapeHtml(`${base}/click?${query}`)}"`
  })
  const pixel = `<img src="${base}/open?id=${logId}&amp;sig=${sign(String(logId))}" width="1" height="1" alt="" style="display:none">`
  return `${tracked}\n${pixel}`
}

/**
 * Records an open or a click of a logged email (the campaign totals and rollups count these). Of the
 * reader's browser only browser, OS and device type are kept, and of the address a hash salted per
 * day, as for the site's other events (decision 0111).
 */
export const recordTrackingEvent = async (
  payload: Payload,
  logId: number,
  type: 'open' | 'click',
  details: { url?: string; userAgent?: string | null; ip?: string },
) => {
  const { browser, os, deviceType } = describeVisitor(details.userAgent ?? null)
  const ipHash = details.ip ? hashIp(details.ip) : null
  await payload.db.drizzle.execute(sql`
    INSERT INTO email_events (campaign_id, email, event_type, timestamp, url, browser, os, device_type,
      ip_hash, updated_at, created_at)
    SELECT campaign_id, to_email, ${type}, now(), ${details.url ?? null}, ${browser}, ${os},
      ${deviceType}, ${ipHash}, now(), now()
    FROM email_logs WHERE id = ${logId}`)
  await payload.db.drizzle.execute(
    sql`UPDATE email_logs SET email_opened = true WHERE id = ${logId} AND NOT email_opened`,
  )
}
