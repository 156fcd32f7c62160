import { z } from 'zod'

import { emailSchema, longText } from './common'

/** Payloads of the dashboard's AI calls (spec §5 and §7), shared by the dashboard and the endpoints. */

export const COMPOSE_TYPES = ['newsletter', 'broadcast', 'reply'] as const
export const RECIPIENT_TYPES = [
  'individual',
  'all-newsletter',
  'all-active',
  'all-inactive',
  'all-waitlist',
] as const
export type RecipientType = (typeof RECIPIENT_TYPES)[number]

export const MISSING_INFORMATION = 'Please fill in subject and content before sending'
export const MISSING_RECIPIENT = 'Please enter a recipient email address'
export const NO_EMAIL_CONTENT = 'No Email Content'
export const BLANK_QUERY = 'Please enter a question'
export const BLANK_MESSAGE = 'Please enter a message'
export const SCHEDULE_IN_PAST = 'Choose a time in the future'
export const SCHEDULE_GROUPS_ONLY = 'Only a group send can be scheduled'
const MAX_SCHEDULE_MS = 366 * 86_400_000

const text = (message: string, max: number) =>
  longText(message)
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` })
const optional = (max: number) => longText().max(max).optional()

export const composeReplySchema = z.object({
  originalMessage: text('The original message is required', 5000),
  senderName: optional(100),
  originalSubject: optional(200),
  // The dashboard sends 'contact_reply'; other labels are accepted and ignored.
  context: optional(50),
  customPrompt: optional(1000),
})

export const composeChatSchema = z.object({
  message: text(BLANK_MESSAGE, 4000),
  type: z
    .enum(COMPOSE_TYPES, { error: 'Choose newsletter, broadcast or reply' })
    .default('broadcast'),
  context: optional(20_000),
  conversationHistory: z
    .array(
      z.object({
        role: z.enum(['user', 'assistant']),
        content: z.string().max(20_000),
        timestamp: z.unknown().optional(),
      }),
    )
    .max(50, { error: 'At most 50 earlier messages' })
    .default([]),
})

export const subjectSchema = z.object({
  content: text(NO_EMAIL_CONTENT, 100_000),
  type: z.enum(COMPOSE_TYPES).default('broadcast'),
})

export const sendComposedSchema = z
  .object({
    recipientType: z.enum(RECIPIENT_TYPES, { error: 'Choose who receives the email' }),
    to: z.string().trim().optional(),
    subject: text(MISSING_INFORMATION, 200),
    content: text(MISSING_INFORMATION, 200_000),
    isHtml: z.boolean().optional(),
    // One press of Send of a group email: a repeat with the same key is the same campaign.
    campaignKey: z.uuid({ error: 'Must be a UUID' }).optional(),
    // A group email may be sent later (it can be cancelled until then).
    scheduledAt: z.iso
      .datetime({ offset: true, error: 'Choose a valid date and time' })
      .optional()
      .refine((value) => !value || Date.parse(value) > Date.now(), {
        error: SCHEDULE_IN_PAST,
      })
      .refine((value) => !value || Date.parse(value) < Date.now() + MAX_SCHEDULE_MS, {
        error: 'Schedule a campaign at most a year ahead',
      }),
  })
  .superRefine((value, ctx) => {
    if (value.recipientType !== 'individual') return
    if (value.scheduledAt)
      ctx.addIssue({ code: 'custom', path: ['scheduledAt'], message: SCHEDULE_GROUPS_ONLY })
    if (!value.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: MISSING_RECIPIENT })
      return
    }
    const parsed = emailSchema().safeParse(value.to)
    if (!parsed.success)
      ctx.addIssue({ code: 'custom', path: ['to'], message: parsed.error.issues[0].message })
  })
  .transform((value) => ({
    ...value,
    to: value.recipientType === 'individual' ? emailSchema().parse(value.to) : undefined,
  }))

export const querySchema = z.object({ query: text(BLANK_QUERY, 1000) })

export type SendComposedInput = z.output<typeof sendComposedSchema>

/** The dashboard's notices for these calls (spec §8): a title, and a fixed text where the spec gives one. */
export const AI_NOTICES = {
  chatError: { title: 'AI Chat Error' },
  subjectGenerated: { title: 'Subject Generated' },
  subjectError: { title: 'Subject Generation Error' },
  noContent: { title: NO_EMAIL_CONTENT },
  missingInformation: { title: 'Missing Information', description: MISSING_INFORMATION },
  missingRecipient: { title: 'Missing Recipient', description: MISSING_RECIPIENT },
  emailSent: { title: 'Email Sent' },
  sendError: { title: 'Send Error' },
  replySuggestionError: {
    title: 'AI Assistant Error',
    description: 'Failed to generate reply suggestion',
  },
  analysisFailed: { title: 'Analysis Failed', description: 'Failed to analyze email data' },
  analyticsError: { title: 'Analytics Error' },
} as const
