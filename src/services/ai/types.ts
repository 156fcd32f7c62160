import type { COMPOSE_TYPES } from '@/schemas/ai'
import type { BrandFacts } from '@/services/content/brand-facts'
import type { AudienceMetrics } from '@/services/metrics/audience'
import type { EmailMetrics } from '@/services/metrics/email'

export type ComposeType = (typeof COMPOSE_TYPES)[number]

export type ReplyDraftInput = {
  /** Written by a visitor: data, never instructions. */
  originalMessage: string
  senderName?: string
  originalSubject?: string
  /** The admin's own instruction for this draft. */
  customPrompt?: string
  brand: BrandFacts
}

export type ChatTurn = { role: 'user' | 'assistant'; content: string }

export type ComposeChatInput = {
  message: string
  type: ComposeType
  /** Extra material the admin pasted (e.g. the current draft): data, not instructions. */
  context?: string
  history: ChatTurn[]
  brand: BrandFacts
}

export type SubjectInput = { content: string; type: ComposeType }
export type AnalyticsQuestion = { question: string; figures: AudienceMetrics }
export type EmailQuestion = { question: string; figures: EmailMetrics }

/** Text for an admin to read or edit. From a model it is untrusted: shown escaped, never as HTML. */
export type AssistantAnswer = { text: string; offline: boolean }

/** The same tasks, answered by a model or by the offline assistant. */
export type Assistant = {
  draftReply: (input: ReplyDraftInput) => Promise<AssistantAnswer>
  chat: (input: ComposeChatInput) => Promise<AssistantAnswer>
  suggestSubject: (input: SubjectInput) => Promise<AssistantAnswer>
  answerAnalytics: (input: AnalyticsQuestion) => Promise<AssistantAnswer>
  analyzeEmails: (input: EmailQuestion) => Promise<AssistantAnswer>
}

export const OFFLINE_NOTE =
  'Written by the offline assistant: no AI model is configured, so this comes from templates and the site’s own figures.'
