import type { Endpoint, PayloadRequest } from 'payload'
import type { z } from 'zod'

import {
  type AdminUser,
  DEMO_AI_MESSAGE,
  DEMO_EMAIL_MESSAGE,
  requireFullAdmin,
} from '@/access/admin'
import { OFFLINE_NOTE, type AssistantAnswer } from '@/services/ai'
import {
  composeChatSchema,
  composeReplySchema,
  querySchema,
  sendComposedSchema,
  subjectSchema,
} from '@/schemas/ai'
import {
  analyzeEmailHistory,
  answerAnalyticsQuestion,
  chatAboutDraft,
  draftContactReply,
  suggestSubject,
} from '@/services/ai/assist'
import { sendComposedEmail } from '@/services/campaigns/send-composed-email'

import { handler, json, parseWith, readJson } from '../http'

// Composer content and chat history can be long; still bounded.
const AI_BODY_LIMIT = 256 * 1024

const aiPost = <S extends z.ZodType>(
  path: string,
  schema: S,
  run: (
    req: PayloadRequest,
    input: z.output<S>,
    user: AdminUser,
  ) => Promise<Record<string, unknown> | Response>,
  demoMessage = DEMO_AI_MESSAGE,
): Endpoint => ({
  path,
  method: 'post',
  handler: handler(async (req) => {
    const user = requireFullAdmin(req, demoMessage)
    const input = parseWith(schema, await readJson(req, AI_BODY_LIMIT))
    const answer = await run(req, input, user)
    return answer instanceof Response ? answer : json(answer)
  }),
})

/** Every answer says whether the offline assistant wrote it. */
const origin = (answer: AssistantAnswer) =>
  answer.offline ? { offline: true, note: OFFLINE_NOTE } : { offline: false }

export const adminAiEndpoints: Endpoint[] = [
  aiPost('/admin/ai/compose-reply', composeReplySchema, async (req, input) => {
    const answer = await draftContactReply(req.payload, input)
    return { success: true, data: { content: answer.text, ...origin(answer) }, ...origin(answer) }
  }),
  aiPost('/admin/ai/chat', composeChatSchema, async (req, input) => {
    const answer = await chatAboutDraft(req.payload, input)
    return { response: answer.text, timestamp: new Date().toISOString(), ...origin(answer) }
  }),
  aiPost('/admin/ai/subject', subjectSchema, async (req, input) => {
    const answer = await suggestSubject(req.payload, input)
    return { subject: answer.text, ...origin(answer) }
  }),
  aiPost(
    '/admin/ai/send-composed',
    sendComposedSchema,
    async (req, input, user) => {
      const { kind, ...answer } = await sendComposedEmail(req.payload, input, user)
      // A group send is a campaign: accepted now, worked by its job (decision 0118).
      return kind === 'campaign' ? json(answer, 202) : answer
    },
    DEMO_EMAIL_MESSAGE,
  ),
  aiPost('/admin/ai/analytics', querySchema, async (req, input) => {
    const answer = await answerAnalyticsQuestion(req.payload, input)
    return { response: answer.text, ...origin(answer) }
  }),
  aiPost('/admin/emails/analyze', querySchema, async (req, input) => {
    const answer = await analyzeEmailHistory(req.payload, input)
    return { success: true, data: { analysis: answer.text, ...origin(answer) }, ...origin(answer) }
  }),
]
