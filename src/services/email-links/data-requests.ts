import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { bare, data_requests, email_preferences } from '@/db'
import { DATA_REQUEST_TTL_HOURS, dataRequestEmail } from '@/lib/email/data-request'
import type { DATA_REQUEST_KINDS } from '@/schemas/email'

import { SELF_ACTOR, SELF, erasePerson, exportPerson } from '../admin/people'
import { notFound } from './not-found'
import {
  dataRequestToken,
  hashToken,
  newMessageId,
  redactedDataRequestUrl,
} from '../email/secret-links'
import { queueEmail } from '../email/queue'
import { inTransaction } from '../shared/transaction'

export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number]

/** A second email for the same request waits this long (a double click, a reload). */
const RESEND_MINUTES = 10

/**
 * A request from the preferences page (the unsubscribe token proves the visitor got our email):
 * emails the address a single-purpose link, valid DATA_REQUEST_TTL_HOURS, to confirm it. Nothing
 * is exported or erased yet. A repeat within RESEND_MINUTES sends nothing more.
 */
export const requestData = async (payload: Payload, token: string, kind: DataRequestKind) => {
  const found = await payload.db.drizzle.execute(
    sql`SELECT ${bare(email_preferences.email)} FROM ${email_preferences} WHERE ${bare(email_preferences.unsubscribeToken)} = ${token} LIMIT 1`,
  )
  const email = (found.rows[0] as { email: string } | undefined)?.email
  if (!email) throw notFound()
  await inTransaction(payload, async (tx) => {
    // One request per address and kind at a time: the lock makes concurrent clicks wait in line.
    await tx.db.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${`data-request:${kind}:${email}`}))`,
    )
    const recent = await tx.db.execute(sql`
      SELECT 1 FROM ${data_requests} WHERE ${bare(data_requests.email)} = ${email} AND ${bare(data_requests.kind)} = ${kind}
        AND ${bare(data_requests.createdAt)} > now() - make_interval(mins => ${RESEND_MINUTES})`)
    if (recent.rows.length) return
    const messageId = newMessageId()
    await tx.db.execute(sql`
      INSERT INTO ${data_requests} (${bare(data_requests.email, data_requests.kind, data_requests.tokenHash, data_requests.expiresAt, data_requests.updatedAt, data_requests.createdAt)})
      VALUES (${email}, ${kind}, ${hashToken(dataRequestToken(messageId))},
        now() + make_interval(hours => ${DATA_REQUEST_TTL_HOURS}), now(), now())`)
    await queueEmail(
      payload,
      {
        to: email,
        ...dataRequestEmail(kind, redactedDataRequestUrl()),
        emailType: 'confirmation',
        messageId,
        tags: ['data-request'],
      },
      tx,
    )
  })
}

/** The request behind a link's token, while it works; 404 otherwise. */
export const openDataRequest = async (payload: Payload, token: string) => {
  const result = await payload.db.drizzle.execute(sql`
    SELECT ${bare(data_requests.email, data_requests.kind)} FROM ${data_requests}
    WHERE ${bare(data_requests.tokenHash)} = ${hashToken(token)} AND ${bare(data_requests.expiresAt)} > now() LIMIT 1`)
  const row = result.rows[0] as { email: string; kind: DataRequestKind } | undefined
  if (!row) throw notFound()
  return row
}

/**
 * Carries a confirmed request out: the export file, or the erasure (which deletes the request too).
 * Either way the link works once: an export spends its request (one DELETE, so of two clicks at
 * once only one gets the file). Audited as the person's own action.
 */
export const fulfilDataRequest = async (payload: Payload, token: string) => {
  const { email, kind } = await openDataRequest(payload, token)
  if (kind === 'erase') return { kind, erasure: await erasePerson(payload, SELF_ACTOR, email) }
  const spent = await payload.db.drizzle.execute(sql`
    DELETE FROM ${data_requests} WHERE ${bare(data_requests.tokenHash)} = ${hashToken(token)} AND ${bare(data_requests.expiresAt)} > now()
    RETURNING ${bare(data_requests.id)}`)
  if (spent.rows.length === 0) throw notFound()
  return { kind, file: await exportPerson(payload, SELF, email) }
}
