import type { Payload } from 'payload'
import type { z } from 'zod'

import { assistantFor, type AssistantAnswer } from '@/services/ai'
import type {
  composeChatSchema,
  composeReplySchema,
  querySchema,
  subjectSchema,
} from '@/schemas/ai'

import { loadBrandFacts } from '@/services/content/brand-facts'
import { computeAudienceMetrics } from '../metrics/audience'
import { computeEmailMetrics } from '../metrics/email'

/** The dashboard's AI tasks: each gathers what the assistant needs, then asks it. Nothing is sent. */

export const draftContactReply = async (
  payload: Payload,
  input: z.output<typeof composeReplySchema>,
): Promise<AssistantAnswer> =>
  assistantFor(payload).draftReply({ ...input, brand: await loadBrandFacts(payload) })

export const chatAboutDraft = async (
  payload: Payload,
  input: z.output<typeof composeChatSchema>,
): Promise<AssistantAnswer> =>
  assistantFor(payload).chat({
    message: input.message,
    type: input.type,
    context: input.context,
    // The client keeps the conversation; the latest turns are enough context for a draft.
    history: input.conversationHistory
      .slice(-20)
      .map((turn) => ({ role: turn.role, content: turn.content })),
    brand: await loadBrandFacts(payload),
  })

export const suggestSubject = (payload: Payload, input: z.output<typeof subjectSchema>) =>
  assistantFor(payload).suggestSubject(input)

export const answerAnalyticsQuestion = async (
  payload: Payload,
  input: z.output<typeof querySchema>,
): Promise<AssistantAnswer> =>
  assistantFor(payload).answerAnalytics({
    question: input.query,
    figures: await computeAudienceMetrics(payload),
  })

export const analyzeEmailHistory = async (
  payload: Payload,
  input: z.output<typeof querySchema>,
): Promise<AssistantAnswer> =>
  assistantFor(payload).analyzeEmails({
    question: input.query,
    figures: await computeEmailMetrics(payload),
  })
