import type { Payload } from 'payload'

import { completeChat } from './model-client'
import {
  analyticsMessages,
  composeChatMessages,
  emailAnalysisMessages,
  replyDraftMessages,
  subjectMessages,
} from './prompts'
import type { Assistant } from './types'

const MAX_ANSWER_LENGTH = 8_000

/** Model output is untrusted text: bounded, without control characters, never turned into HTML. */
export const untrustedText = (text: string) =>
  text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').slice(0, MAX_ANSWER_LENGTH)

/** One line, no quotes or "Subject:" label, at most 120 characters. */
export const cleanSubject = (text: string) =>
  untrustedText(text)
    .split('\n')
    .map((line) => line.trim())
    .find(Boolean)
    ?.replace(/^subject\s*:\s*/i, '')
    .replace(/^["'“”‘’*]+|["'“”‘’*]+$/g, '')
    .trim()
    .slice(0, 120) ?? ''

export const modelAssistant = (payload: Payload): Assistant => {
  const answer = async (
    purpose: string,
    messages: Parameters<typeof completeChat>[1]['messages'],
    maxTokens?: number,
  ) => ({
    text: untrustedText(await completeChat(payload, { purpose, messages, maxTokens })),
    offline: false,
  })
  return {
    draftReply: (input) => answer('compose-reply', replyDraftMessages(input)),
    chat: (input) => answer('chat', composeChatMessages(input), 1200),
    suggestSubject: async (input) => {
      const { text } = await answer('subject', subjectMessages(input), 60)
      return { text: cleanSubject(text), offline: false }
    },
    answerAnalytics: (input) => answer('analytics', analyticsMessages(input), 400),
    analyzeEmails: (input) => answer('email-analysis', emailAnalysisMessages(input), 400),
  }
}
