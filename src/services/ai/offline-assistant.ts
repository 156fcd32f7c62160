import { offlineAnalyticsAnswer, offlineEmailAnswer } from './offline-analytics'
import { offlineComposeDraft, offlineReplyDraft, offlineSubject } from './offline-compose'
import type { Assistant } from './types'

const CHAT_INTRO =
  'Offline assistant (no AI model is configured): here is a first draft from a template. Edit it freely; the sign-off is added when it is sent.'

/** The assistant used when no model is configured: same tasks, answered from templates and SQL. */
export const offlineAssistant: Assistant = {
  draftReply: async (input) => ({ text: offlineReplyDraft(input), offline: true }),
  chat: async (input) => ({
    text: `${CHAT_INTRO}\n\n${offlineComposeDraft(input)}`,
    offline: true,
  }),
  suggestSubject: async (input) => ({ text: offlineSubject(input), offline: true }),
  answerAnalytics: async (input) => ({
    text: offlineAnalyticsAnswer(input.question, input.figures),
    offline: true,
  }),
  analyzeEmails: async (input) => ({
    text: offlineEmailAnswer(input.question, input.figures),
    offline: true,
  }),
}
