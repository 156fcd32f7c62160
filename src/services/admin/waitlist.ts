import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import type { AdminUser } from '@/access/admin'
import type { Product } from '@/lib/constants'
import type { AdminEmail } from '@/schemas/admin'
import { queueEmail } from '@/services/email/queue'

import { recordAudit } from './audit'
import { findOwn, updateOwn } from './documents'
import { type Row, allOf, containsPattern, isoDate, pagedList, selectRows } from './paging'

export type WaitlistEntryView = {
  id: number
  email: string
  name: string
  joinedAt: string | null
  product: string
  status: string
  interests: string[]
  referralSource: string | null
  emailOpened: boolean
  lastEmailSent: string | null
}

export const toWaitlistEntry = (row: Row): WaitlistEntryView => ({
  id: Number(row.id),
  email: String(row.email),
  name: String(row.name),
  joinedAt: isoDate(row.joinedAt),
  product: String(row.product),
  status: String(row.status),
  interests: (row.interests as string[] | null) ?? [],
  referralSource: (row.referralSource as string | null) ?? null,
  emailOpened: Boolean(row.emailOpened),
  lastEmailSent: isoDate(row.lastEmailSent),
})

export const WAITLIST_COLUMNS = sql`w.id, w.email, w.name, w.joined_at AS "joinedAt", w.product, w.status,
  coalesce(w.interests, '[]') AS interests,
  w.referral_source AS "referralSource", w.email_opened AS "emailOpened",
  w.last_email_sent AS "lastEmailSent"`

export const productIs = (product?: Product): SQL | undefined =>
  product ? sql`w.product = ${product}` : undefined

export const listWaitlist = (
  payload: Payload,
  query: { product?: Product; status?: string; search?: string; page: number; limit: number },
) => {
  const pattern = query.search ? containsPattern(query.search) : undefined
  return pagedList(payload, {
    select: WAITLIST_COLUMNS,
    from: sql`waitlist_entries w`,
    key: sql`w.id`,
    where: allOf([
      productIs(query.product),
      query.status ? sql`w.status = ${query.status}` : undefined,
      pattern ? sql`(w.email ILIKE ${pattern} OR w.name ILIKE ${pattern})` : undefined,
    ]),
    orderBy: sql`w.joined_at DESC, w.id DESC`,
    page: query.page,
    limit: query.limit,
    shape: toWaitlistEntry,
  })
}

export const waitlistStats = async (payload: Payload, product?: Product) => {
  const [row] = await selectRows<{ total: number; active: number; inactive: number }>(
    payload,
    sql`SELECT count(*)::int AS total,
      count(*) FILTER (WHERE w.status = 'active')::int AS active,
      count(*) FILTER (WHERE w.status = 'inactive')::int AS inactive
      FROM waitlist_entries w WHERE ${allOf([productIs(product)])}`,
  )
  return row
}

export const setWaitlistStatus = async (
  payload: Payload,
  user: AdminUser,
  id: number,
  status: 'active' | 'inactive',
) => {
  const before = await findOwn(payload, user, 'waitlist-entries', id)
  const entry = await updateOwn(payload, user, 'waitlist-entries', id, { status })
  await recordAudit(payload, user, {
    action: 'waitlist.status',
    targetCollection: 'waitlist-entries',
    targetId: id,
    details: { from: before.status, to: status },
  })
  return toWaitlistEntry({ ...entry })
}

export const setWaitlistEmailOpened = async (
  payload: Payload,
  user: AdminUser,
  id: number,
  opened: boolean,
) => {
  const entry = await updateOwn(payload, user, 'waitlist-entries', id, { emailOpened: opened })
  await recordAudit(payload, user, {
    action: 'waitlist.email-opened',
    targetCollection: 'waitlist-entries',
    targetId: id,
    details: { opened },
  })
  return toWaitlistEntry({ ...entry })
}

/** The dashboard's send-email dialog: one email to one waitlist entry, then lastEmailSent. */
export const sendWaitlistEmail = async (
  payload: Payload,
  user: AdminUser,
  id: number,
  email: AdminEmail,
) => {
  const entry = await findOwn(payload, user, 'waitlist-entries', id)
  const queued = await queueEmail(payload, {
    to: entry.email,
    subject: email.subject,
    text: email.message,
    emailType: 'welcome',
    signOff: true,
    waitlistEntryId: entry.id,
    sentById: user.id,
  })
  if (queued.status === 'queued') {
    await updateOwn(payload, user, 'waitlist-entries', id, {
      lastEmailSent: new Date().toISOString(),
    })
  }
  await recordAudit(payload, user, {
    action: 'waitlist.send-email',
    targetCollection: 'waitlist-entries',
    targetId: id,
    details: { emailLogId: queued.id, status: queued.status, subject: email.subject },
  })
  return queued
}
