import type { Payload } from 'payload'

import type { EMAIL_TYPES } from '@/lib/constants'
import { senderAddress } from '@/lib/email/addresses'
import { type SignOffLinks, withSignOffHtml, withSignOffText } from '@/lib/email/sign-off'
import { serverUrl } from '@/lib/env'

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
  aiGenerated?: boolean
  sentById?: number
  tags?: string[]
  notes?: string
}

export type QueuedEmail = { id: number; status: 'queued' | 'skipped' }

/**
 * The one way any part of the product sends an email: the message is written to the email log
 * (status queued) and the call returns; delivery happens in the background.
 */
export const queueEmail = async (
  payload: Payload,
  input: QueueEmailInput,
): Promise<QueuedEmail> => {
  const links = input.signOff ? await signOffLinks(payload) : undefined
  const text = links ? withSignOffText(input.text, links) : input.text
  const html = links && input.html ? withSignOffHtml(input.html, links) : input.html
  const log = await payload.create({
    collection: 'email-logs',
    context: { disableRevalidate: true },
    data: {
      toEmail: input.to,
      fromEmail: senderAddress(),
      subject: input.subject,
      message: text,
      htmlContent: html,
      emailType: input.emailType,
      status: 'queued',
      contact: input.contactId,
      waitlistEntry: input.waitlistEntryId,
      aiGenerated: input.aiGenerated ?? false,
      sentBy: input.sentById,
      tags: input.tags ?? [],
      notes: input.notes,
    },
  })
  return { id: log.id, status: 'queued' }
}

const signOffLinks = async (payload: Payload): Promise<SignOffLinks> => {
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  return { linkHubUrl: settings.linkHubUrl ?? serverUrl(), siteUrl: serverUrl() }
}
