import { randomUUID } from 'node:crypto'

import {
  type Payload,
  commitTransaction,
  createLocalReq,
  initTransaction,
  killTransaction,
} from 'payload'

import type { EMAIL_TYPES } from '@/lib/constants'
import { senderDomain, senderEmail } from '@/lib/email/addresses'
import { type SignOffLinks, withSignOffHtml, withSignOffText } from '@/lib/email/sign-off'
import { serverUrl } from '@/lib/env'

import { skipReason } from './email/eligibility'
import { EMAIL_QUEUE } from './email/jobs'

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
): Promise<QueuedEmail> => {
  const links = input.signOff ? await signOffLinks(payload) : undefined
  const text = links ? withSignOffText(input.text, links) : input.text
  const html = links && input.html ? withSignOffHtml(input.html, links) : input.html
  const isBulk = input.isBulk ?? false
  const reason = await skipReason(payload, input.to, input.emailType, isBulk)
  const data = {
    toEmail: input.to,
    fromEmail: senderEmail(),
    subject: input.subject,
    message: text,
    htmlContent: html,
    emailType: input.emailType,
    status: reason ? ('skipped' as const) : ('queued' as const),
    skipReason: reason ?? undefined,
    messageId: `<${randomUUID()}@${senderDomain()}>`,
    isBulk,
    contact: input.contactId,
    waitlistEntry: input.waitlistEntryId,
    campaign: input.campaignId,
    aiGenerated: input.aiGenerated ?? false,
    sentBy: input.sentById,
    tags: input.tags ?? [],
    notes: input.notes,
  }
  if (reason) {
    const log = await payload.create({
      collection: 'email-logs',
      context: { disableRevalidate: true },
      data,
    })
    return { id: log.id, status: 'skipped', reason }
  }

  const req = await createLocalReq({ context: { disableRevalidate: true } }, payload)
  const own = await initTransaction(req)
  try {
    const log = await payload.create({ collection: 'email-logs', data, req })
    await payload.jobs.queue({
      task: 'sendEmail',
      input: { logId: log.id },
      queue: EMAIL_QUEUE,
      req,
    })
    if (own) await commitTransaction(req)
    return { id: log.id, status: 'queued' }
  } catch (error) {
    if (own) await killTransaction(req)
    throw error
  }
}

const signOffLinks = async (payload: Payload): Promise<SignOffLinks> => {
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  return { linkHubUrl: settings.linkHubUrl ?? serverUrl(), siteUrl: serverUrl() }
}
