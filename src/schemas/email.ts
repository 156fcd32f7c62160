import { z } from 'zod'

import { EMAIL_FREQUENCIES } from '@/lib/constants'

import { line, longText } from './common'

export const INVALID_LINK = 'This link is not valid. Use the link from your most recent email.'

/** A token from an email link. */
export const emailTokenSchema = z.object({
  token: line(INVALID_LINK).min(16, { error: INVALID_LINK }).max(200),
})

export const DATA_REQUEST_KINDS = ['export', 'erase'] as const

/** A request from the preferences page: a copy of one's data, or its erasure. */
export const dataRequestSchema = emailTokenSchema.extend({
  kind: z.enum(DATA_REQUEST_KINDS, { error: 'Choose a copy of your data or its erasure' }),
})

/** The preferences center (spec: email preferences). */
export const emailPreferencesSchema = emailTokenSchema.extend({
  newsletterEnabled: z.boolean(),
  promotionsEnabled: z.boolean(),
  updatesEnabled: z.boolean(),
  weeklyDigestEnabled: z.boolean(),
  frequency: z.enum(EMAIL_FREQUENCIES, { error: 'Choose daily, weekly or monthly' }),
})

export type EmailPreferencesInput = z.infer<typeof emailPreferencesSchema>

/** The generic bounce and complaint webhook format (docs/decisions/0012-bounces-sequences-metrics.md). */
export const genericWebhookEventSchema = z.object({
  id: line().min(1).max(200),
  type: z.enum(['bounce', 'complaint', 'delivered', 'open', 'click', 'unsubscribe']),
  bounceType: z.enum(['hard', 'soft']).optional(),
  email: z.string().trim().toLowerCase().pipe(z.email()),
  messageId: line().max(500).optional(),
  reason: longText().max(1000).optional(),
  url: line().max(2000).optional(),
  timestamp: z.iso.datetime({ offset: true }).optional(),
})

export const genericWebhookSchema = z.object({
  events: z.array(genericWebhookEventSchema).min(1).max(500),
})

export type WebhookEvent = z.infer<typeof genericWebhookEventSchema>
