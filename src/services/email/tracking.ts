import { createHmac, timingSafeEqual } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { bare, email_events, email_logs } from '@/db'
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
    INSERT INTO ${email_events} (${bare(email_events.campaign, email_events.email, email_events.eventType, email_events.timestamp, email_events.url, email_events.browser, email_events.os, email_events.deviceType)},
      ${bare(email_events.ipHash, email_events.updatedAt, email_events.createdAt)})
    SELECT ${bare(email_logs.campaign, email_logs.toEmail)}, ${type}, now(), ${details.url ?? null},
      ${browser}, ${os},
      ${deviceType}, ${ipHash}, now(), now()
    FROM ${email_logs} WHERE ${bare(email_logs.id)} = ${logId}`)
  await payload.db.drizzle.execute(
    sql`UPDATE ${email_logs} SET ${bare(email_logs.emailOpened)} = true WHERE ${bare(email_logs.id)} = ${logId} AND NOT ${bare(email_logs.emailOpened)}`,
  )
}
