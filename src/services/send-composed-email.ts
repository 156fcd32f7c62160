import type { Payload } from 'payload'

import { htmlToText, isHtmlContent } from '@/lib/email/html-text'
import type { SendComposedInput } from '@/schemas/ai'

import { recipientPages } from './composed-recipients'
import { queueEmail } from './email/queue'

// Queued a few at a time: enough to overlap round trips without crowding the database pool.
const CONCURRENCY = 4

export type SendComposedResult = { message: string; queued: number; skipped: number }

/**
 * Sends a composer email, pressed by an admin: every recipient's copy goes through the email queue
 * (logged, signed off, marked AI-assisted); suppressed and opted-out people are skipped.
 */
export const sendComposedEmail = async (
  payload: Payload,
  input: SendComposedInput,
  senderId: number,
): Promise<SendComposedResult> => {
  const body = isHtmlContent(input.content)
    ? { html: input.content, text: htmlToText(input.content) }
    : { text: input.content }
  const isGroup = input.recipientType !== 'individual'
  const emailType = input.recipientType === 'all-newsletter' ? 'newsletter' : 'broadcast'
  let queued = 0
  let skipped = 0

  for await (const page of recipientPages(payload, input.recipientType, input.to)) {
    const open = page.filter((recipient) => !recipient.isBlocked)
    skipped += page.length - open.length
    for (let start = 0; start < open.length; start += CONCURRENCY) {
      const results = await Promise.all(
        open.slice(start, start + CONCURRENCY).map((recipient) =>
          queueEmail(payload, {
            to: recipient.email,
            subject: input.subject,
            ...body,
            emailType,
            isBulk: isGroup,
            signOff: true,
            aiGenerated: true,
            sentById: senderId,
            tags: ['ai-composer', input.recipientType],
          }),
        ),
      )
      for (const result of results) {
        if (result.status === 'queued') queued += 1
        else skipped += 1
      }
    }
  }
  return { message: sentMessage(queued, skipped), queued, skipped }
}

const people = (count: number) => `${count} recipient${count === 1 ? '' : 's'}`

const sentMessage = (queued: number, skipped: number) => {
  if (queued === 0 && skipped === 0) return 'No recipients match this audience; nothing was sent.'
  const skippedNote = skipped
    ? ` ${people(skipped)} skipped (unsubscribed, suppressed or opted out).`
    : ''
  return `Email queued for ${people(queued)}.${skippedNote}`
}
