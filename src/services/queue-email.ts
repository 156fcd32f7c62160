import type { Payload, PayloadRequest } from 'payload'

import { EMAIL_QUEUE, type EMAIL_TYPES } from '@/lib/constants'
import { senderEmail } from '@/lib/email/addresses'
import { type SignOffLinks, withSignOffHtml, withSignOffText } from '@/lib/email/sign-off'
import { serverUrl } from '@/lib/env'

import { skipReason } from './email/eligibility'
import { newMessageId } from './email/secret-links'
import { type Transaction, inTransaction } from './transaction'

export type EmailType = (typeof EMAIL_TYPES)[number]

export type QueueEmailInput = {
  to: string
  subject: string
  /** Plain-text body; always present. */
  text: string
  /** HTML body, when the message has one. */
  html?: string
  emailType: EmailType
  /** Carries List-Unsubscribe headers (newsletters, broadcasts, sequences; never replies). */
  isBulk?: boolean
  /** A written (admin or AI) body: gets the fixed sign-off block, after any older one is removed. */
  signOff?: boolean
  contactId?: number
  waitlistEntryId?: number
  campaignId?: number
  aiGenerated?: boolean
  sentById?: number
  tags?: string[]
  notes?: string
  /** Fixed by the caller when the message's secret links are derived from it (secret-links.ts). */
  messageId?: string
}

export type QueuedEmail = { id: number; status: 'queued' | 'skipped'; reason?: string }

/**
 * The one way any part of the product sends an email: the message is written to the email log
 * and a sendEmail job is queued in the same transaction, and the call returns; delivery happens
 * on the jobs queue. An address that is suppressed (or, for bulk mail, opted out or unconfirmed)
 * gets a 'skipped' row with the reason and no job.
 */
export const queueEmail = async (
  payload: Payload,
  input: QueueEmailInput,
  /** The caller's transaction, when the email belongs to a write (e.g. a signup). */
  outer?: Transaction,
): Promise<QueuedEmail> =>
  // Every read and write on the transaction's own connection: holding one connection while waiting
  // for a second could starve the pool under load.
  inTransaction(
    payload,
    async ({ req, db }) => {
      const links = input.signOff ? await signOffLinks(payload, req) : undefined
      const text = links ? withSignOffText(input.text, links) : input.text
      const html = links && input.html ? withSignOffHtml(input.html, links) : input.html
      const isBulk = input.isBulk ?? false
      const reason = await skipReason(payload, input.to, input.emailType, isBulk, db)
      const data = {
        toEmail: input.to,
        fromEmail: senderEmail(),
        subject: input.subject,
        message: text,
        htmlContent: html,
        emailType: input.emailType,
        status: reason ? ('skipped' as const) : ('queued' as const),
        skipReason: reason ?? undefined,
        messageId: input.messageId ?? newMessageId(),
        isBulk,
        contact: input.contactId,
        waitlistEntry: input.waitlistEntryId,
        campaign: input.campaignId,
        aiGenerated: input.aiGenerated ?? false,
        sentBy: input.sentById,
        tags: input.tags ?? [],
        notes: input.notes,
      }
      const log = await payload.create({ collection: 'email-logs', data, req })
      if (reason) return { id: log.id, status: 'skipped' as const, reason }
      await payload.jobs.queue({
        task: 'sendEmail',
        input: { logId: log.id },
        queue: EMAIL_QUEUE,
        req,
      })
      return { id: log.id, status: 'queued' as const }
    },
    outer?.req,
  )

const signOffLinks = async (payload: Payload, req: PayloadRequest): Promise<SignOffLinks> => {
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, req })
  return { linkHubUrl: settings.linkHubUrl ?? serverUrl(), siteUrl: serverUrl() }
}
