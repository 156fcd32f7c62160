import type { Payload, PayloadRequest } from 'payload'

import type { AdminUser } from '@/access/admin'

export type AuditAction =
  | 'waitlist.status'
  | 'waitlist.email-opened'
  | 'waitlist.send-email'
  | 'waitlist.export'
  | 'newsletter.export'
  | 'newsletter.import'
  | 'contact.status'
  | 'contact.reply'
  | 'email.email-opened'
  | 'campaign.send'
  | 'campaign.cancel'
  | 'campaign.pause'
  | 'campaign.resume'
  | 'people.export'
  | 'people.erase'
  | 'users.end-sessions'

/** Who did it: an admin, or (no id) the person themselves through a confirmed self-service link. */
export type AuditActor = Pick<AdminUser, 'username'> & { id?: AdminUser['id'] }

export type AuditEntry = {
  action: AuditAction
  targetCollection?: string
  targetId?: number | string
  details?: Record<string, unknown>
}

/**
 * Writes one audit entry (in the caller's transaction when `req` carries one); the collection
 * refuses writes over the API, so this is the only writer.
 */
export const recordAudit = async (
  payload: Payload,
  user: AuditActor,
  entry: AuditEntry,
  req?: PayloadRequest,
) => {
  await payload.create({
    collection: 'audit-logs',
    req,
    overrideAccess: true,
    depth: 0,
    context: { disableRevalidate: true },
    data: {
      user: user.id,
      username: user.username,
      action: entry.action,
      targetCollection: entry.targetCollection,
      targetId: entry.targetId === undefined ? undefined : String(entry.targetId),
      details: entry.details,
      at: new Date().toISOString(),
    },
  })
}

/** The trail, newest first, read with the admin's own access (full admins only). */
export const listAudit = async (
  payload: Payload,
  user: AdminUser,
  { page, limit }: { page: number; limit: number },
) => {
  const result = await payload.find({
    collection: 'audit-logs',
    overrideAccess: false,
    user,
    depth: 0,
    page,
    limit,
    sort: '-at',
  })
  return {
    data: result.docs.map((doc) => ({
      id: doc.id,
      userId: typeof doc.user === 'object' ? doc.user?.id : doc.user,
      username: doc.username,
      action: doc.action,
      targetCollection: doc.targetCollection ?? null,
      targetId: doc.targetId ?? null,
      details: doc.details ?? null,
      at: doc.at,
    })),
    page: result.page ?? page,
    limit: result.limit,
    totalDocs: result.totalDocs,
    totalPages: result.totalPages,
    totalCapped: false,
  }
}
