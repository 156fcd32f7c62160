import type { CollectionSlug, Payload } from 'payload'

import type { AdminUser } from '@/access/admin'
import type { Config } from '@/payload-types'
import type { AdminEmail } from '@/schemas/admin'
import { type QueueEmailInput, queueEmail } from '@/services/email/queue'

import { type AuditAction, recordAudit } from './audit'
import { findOwn, updateOwn } from './documents'

type Doc<S extends CollectionSlug> = Config['collections'][S]

/** What an admin change is done to and how the audit trail names it. */
export type AuditedTarget<S extends CollectionSlug> = {
  collection: S
  id: number
  action: AuditAction
}

/**
 * The one way an admin changes a document: `data` written with the admin's own access, then one
 * audit entry. `details` is either the entry's details, or a function of the document as it was
 * before the change (then read first), e.g. `(before) => ({ from: before.status, to: status })`.
 */
export const changeAudited = async <S extends CollectionSlug>(
  payload: Payload,
  user: AdminUser,
  { collection, id, action }: AuditedTarget<S>,
  data: Partial<Doc<S>>,
  details: Record<string, unknown> | ((before: Doc<S>) => Record<string, unknown>),
) => {
  const before =
    typeof details === 'function' ? await findOwn(payload, user, collection, id) : undefined
  const after = await updateOwn(payload, user, collection, id, data)
  await recordAudit(payload, user, {
    action,
    targetCollection: collection,
    targetId: id,
    details: typeof details === 'function' ? details(before as Doc<S>) : details,
  })
  return after
}

type Addressed = 'contact-messages' | 'waitlist-entries'

/**
 * The one way an admin emails the person behind a document: the email is queued (signed off, and
 * linked to the document by `link`), `whenQueued` is written when it was not refused, and the
 * send is audited with the email log's id and status.
 */
export const emailAudited = async <S extends Addressed>(
  payload: Payload,
  user: AdminUser,
  { collection, id, action }: AuditedTarget<S>,
  email: AdminEmail,
  message: Pick<QueueEmailInput, 'emailType' | 'contactId' | 'waitlistEntryId'>,
  whenQueued: () => Partial<Doc<S>>,
) => {
  const document = await findOwn(payload, user, collection, id)
  const queued = await queueEmail(payload, {
    ...message,
    to: document.email,
    subject: email.subject,
    text: email.message,
    signOff: true,
    sentById: user.id,
  })
  if (queued.status === 'queued') await updateOwn(payload, user, collection, id, whenQueued())
  await recordAudit(payload, user, {
    action,
    targetCollection: collection,
    targetId: id,
    details: { emailLogId: queued.id, status: queued.status, subject: email.subject },
  })
  return queued
}
