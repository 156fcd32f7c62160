import type { Payload } from 'payload'

import { htmlToText, isHtmlContent } from '@/lib/email/html-text'
import type { AdminUser } from '@/access/admin'
import type { SendComposedInput } from '@/schemas/ai'

import { recordAudit } from '../admin/audit'
import { createCampaign } from './create-campaign'
import { queueEmail } from '../email/queue'

export type SendComposedResult =
  | { kind: 'individual'; message: string; queued: number; skipped: number }
  | { kind: 'campaign'; message: string; campaignId: number; status: 'scheduled' | 'sending' }

/**
 * Sends a composer email, pressed by an admin. To one person: queued at once through the email
 * queue (logged, signed off, marked AI-assisted; a suppressed address is skipped). To a group: a
 * campaign is created and the answer returns at once; its job queues the copies in batches
 * (docs/decisions/0118).
 */
export const sendComposedEmail = async (
  payload: Payload,
  input: SendComposedInput,
  sender: AdminUser,
): Promise<SendComposedResult> => {
  if (input.recipientType !== 'individual') {
    const campaign = await createCampaign(payload, input, Number(sender.id))
    if (campaign.isNew)
      await recordAudit(payload, sender, {
        action: 'campaign.send',
        targetCollection: 'campaigns',
        targetId: campaign.campaignId,
        details: { audience: input.recipientType, scheduledAt: input.scheduledAt ?? null },
      })
    return {
      kind: 'campaign',
      campaignId: campaign.campaignId,
      status: campaign.status,
      message: campaignMessage(campaign),
    }
  }
  const body = isHtmlContent(input.content)
    ? { html: input.content, text: htmlToText(input.content) }
    : { text: input.content }
  const result = await queueEmail(payload, {
    to: input.to ?? '',
    subject: input.subject,
    ...body,
    emailType: 'broadcast',
    isBulk: false,
    signOff: true,
    aiGenerated: true,
    sentById: Number(sender.id),
    tags: ['ai-composer', input.recipientType],
  })
  const queued = result.status === 'queued' ? 1 : 0
  return {
    kind: 'individual',
    message: sentMessage(queued, 1 - queued),
    queued,
    skipped: 1 - queued,
  }
}

const campaignMessage = (campaign: { status: string; isNew: boolean }) => {
  if (!campaign.isNew)
    return campaign.status === 'scheduled'
      ? 'This campaign is already scheduled; it was not scheduled again.'
      : 'This campaign was already sent; it was not sent again.'
  return campaign.status === 'scheduled'
    ? 'Campaign scheduled. It can be cancelled in the Email Manager until it starts.'
    : 'Campaign started. Its progress shows in the Email Manager.'
}

const people = (count: number) => `${count} recipient${count === 1 ? '' : 's'}`

const sentMessage = (queued: number, skipped: number) => {
  const skippedNote = skipped
    ? ` ${people(skipped)} skipped (unsubscribed, suppressed or opted out).`
    : ''
  return `Email queued for ${people(queued)}.${skippedNote}`
}
