import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import type { AdminUser } from '@/access/admin'
import { alias, contact_messages } from '@/db'
import type { AdminEmail } from '@/schemas/admin'

import { changeAudited, emailAudited } from './changes'
import { type Row, allOf, containsPattern, isoDate, pagedList, selectRows } from './paging'

const c = alias(contact_messages, 'c')

export type ContactStatus = 'unread' | 'read' | 'replied'

export const toContact = (row: Row) => ({
  id: Number(row.id),
  name: String(row.name),
  email: String(row.email),
  subject: String(row.subject),
  message: String(row.message),
  submittedAt: isoDate(row.submittedAt),
  status: String(row.status),
  priority: String(row.priority),
  emailOpened: Boolean(row.emailOpened),
  tags: (row.tags as string[] | null) ?? [],
})

const CONTACT_COLUMNS = sql`${c.id}, ${c.name}, ${c.email}, ${c.subject}, ${c.message},
  ${c.submittedAt} AS "submittedAt", ${c.status}, ${c.priority}, ${c.emailOpened} AS "emailOpened",
  coalesce(${c.tags}, '[]') AS tags`

export const listContacts = (
  payload: Payload,
  query: { status?: ContactStatus; search?: string; page: number; limit: number },
) => {
  const pattern = query.search ? containsPattern(query.search) : undefined
  return pagedList(payload, {
    select: CONTACT_COLUMNS,
    from: sql`${contact_messages} ${c}`,
    key: sql`${c.id}`,
    where: allOf([
      query.status ? sql`${c.status} = ${query.status}` : undefined,
      pattern
        ? sql`(${c.email} ILIKE ${pattern} OR ${c.name} ILIKE ${pattern} OR ${c.subject} ILIKE ${pattern})`
        : undefined,
    ]),
    orderBy: sql`${c.submittedAt} DESC, ${c.id} DESC`,
    page: query.page,
    limit: query.limit,
    search: Boolean(pattern),
    shape: toContact,
  })
}

export const contactStats = async (payload: Payload) => {
  const [row] = await selectRows<Record<'total' | ContactStatus, number>>(
    payload,
    sql`SELECT count(*)::int AS total,
      count(*) FILTER (WHERE ${c.status} = 'unread')::int AS unread,
      count(*) FILTER (WHERE ${c.status} = 'read')::int AS read,
      count(*) FILTER (WHERE ${c.status} = 'replied')::int AS replied
      FROM ${contact_messages} ${c}`,
  )
  return row
}

export const setContactStatus = async (
  payload: Payload,
  user: AdminUser,
  id: number,
  status: ContactStatus,
) => {
  const contact = await changeAudited(
    payload,
    user,
    { collection: 'contact-messages', id, action: 'contact.status' },
    { status },
    (before) => ({ from: before.status, to: status }),
  )
  return toContact({ ...contact })
}

/** The admin's reply: queued through the email service, and the message is then 'replied'. */
export const replyToContact = (payload: Payload, user: AdminUser, id: number, email: AdminEmail) =>
  emailAudited(
    payload,
    user,
    { collection: 'contact-messages', id, action: 'contact.reply' },
    email,
    { emailType: 'reply', contactId: id },
    () => ({ status: 'replied' }),
  )
