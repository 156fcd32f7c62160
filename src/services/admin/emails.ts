import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import type { AdminUser } from '@/access/admin'
import { alias, email_logs } from '@/db'

import { changeAudited } from './changes'
import { type Row, allOf, containsPattern, isoDate, pagedList, selectRows } from './paging'

const e = alias(email_logs, 'e')

const idOrNull = (value: unknown): number | null => {
  if (value === null || value === undefined) return null
  if (typeof value === 'object') return Number((value as { id: unknown }).id)
  return Number(value)
}

export const toEmailLog = (row: Row) => ({
  id: Number(row.id),
  toEmail: String(row.toEmail),
  fromEmail: String(row.fromEmail),
  subject: String(row.subject),
  message: (row.message as string | null) ?? null,
  htmlContent: (row.htmlContent as string | null) ?? null,
  emailType: String(row.emailType),
  sentAt: isoDate(row.sentAt),
  status: String(row.status),
  contactId: idOrNull(row.contactId ?? row.contact),
  waitlistId: idOrNull(row.waitlistId ?? row.waitlistEntry),
  aiGenerated: Boolean(row.aiGenerated),
  emailOpened: Boolean(row.emailOpened),
  tags: (row.tags as string[] | null) ?? [],
  notes: (row.notes as string | null) ?? null,
  providerMessageId: (row.providerMessageId as string | null) ?? null,
  skipReason: (row.skipReason as string | null) ?? null,
  // The development outbox's complete message (headers, text, HTML); full admins only.
  rawMessage: (row.rawMessage as string | null) ?? null,
})

export const listEmails = (
  payload: Payload,
  query: { type?: string; search?: string; page: number; limit: number },
) => {
  const pattern = query.search ? containsPattern(query.search) : undefined
  return pagedList(payload, {
    select: sql`${e.id}, ${e.toEmail} AS "toEmail", ${e.fromEmail} AS "fromEmail", ${e.subject},
      ${e.message}, ${e.htmlContent} AS "htmlContent", ${e.emailType} AS "emailType",
      ${e.sentAt} AS "sentAt", ${e.status},
      ${e.contact} AS "contactId", ${e.waitlistEntry} AS "waitlistId",
      ${e.aiGenerated} AS "aiGenerated", ${e.emailOpened} AS "emailOpened",
      coalesce(${e.tags}, '[]') AS tags, ${e.notes},
      ${e.providerMessageId} AS "providerMessageId", ${e.skipReason} AS "skipReason",
      ${e.rawMessage} AS "rawMessage"`,
    from: sql`${email_logs} ${e}`,
    key: sql`${e.id}`,
    where: allOf([
      query.type ? sql`${e.emailType} = ${query.type}` : undefined,
      pattern ? sql`(${e.toEmail} ILIKE ${pattern} OR ${e.subject} ILIKE ${pattern})` : undefined,
    ]),
    orderBy: sql`${e.sentAt} DESC, ${e.id} DESC`,
    page: query.page,
    limit: query.limit,
    search: Boolean(pattern),
    shape: toEmailLog,
  })
}

export const emailStats = async (payload: Payload) => {
  const [row] = await selectRows<{ total: number; aiGenerated: number }>(
    payload,
    sql`SELECT count(*)::int AS total,
      count(*) FILTER (WHERE ${e.aiGenerated})::int AS "aiGenerated" FROM ${email_logs} ${e}`,
  )
  return row
}

export const setEmailOpened = async (
  payload: Payload,
  user: AdminUser,
  id: number,
  opened: boolean,
) => {
  const log = await changeAudited(
    payload,
    user,
    { collection: 'email-logs', id, action: 'email.email-opened' },
    { emailOpened: opened },
    { opened },
  )
  return toEmailLog({ ...log })
}
