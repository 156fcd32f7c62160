import OpenAI from 'openai'
import type { Payload } from 'payload'

import { AppError } from '@/lib/errors'

import { aiSettings } from './config'
import { assertTokenBudget, recordTokens } from './token-budget'

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string }

export type CompletionRequest = {
  /** What the call is for, for the log: 'compose-reply', 'chat', 'subject', 'analytics', … */
  purpose: string
  messages: ChatMessage[]
  maxTokens?: number
  temperature?: number
}

export const AI_TIMEOUT_MESSAGE = 'The AI model took too long to answer. Please try again.'
export const AI_BUSY_MESSAGE = 'The AI model is busy right now. Please try again in a minute.'
export const AI_UNAVAILABLE_MESSAGE =
  'The AI model is unavailable right now. Please try again later.'

const RETRY_DELAY_MS = 500
const MAX_RETRY_DELAY_MS = 5_000

const isRetryable = (error: unknown) =>
  error instanceof OpenAI.APIError &&
  error.status !== undefined &&
  (error.status === 429 || error.status >= 500)

const retryDelay = (error: unknown) => {
  const seconds = Number(
    (error as InstanceType<typeof OpenAI.APIError>).headers?.get('retry-after'),
  )
  return Number.isFinite(seconds) && seconds > 0
    ? Math.min(seconds * 1000, MAX_RETRY_DELAY_MS)
    : RETRY_DELAY_MS
}

/** The model's failure as an error an admin can act on; details stay in the server log. */
const asAppError = (error: unknown): AppError => {
  if (error instanceof AppError) return error
  if (error instanceof OpenAI.APIConnectionTimeoutError)
    return new AppError(504, AI_TIMEOUT_MESSAGE)
  if (error instanceof OpenAI.APIError && error.status === 429)
    return new AppError(503, AI_BUSY_MESSAGE)
  return new AppError(502, AI_UNAVAILABLE_MESSAGE)
}

/**
 * One chat completion on the configured model: a timeout, one retry on 429 or 5xx (never on a
 * timeout, which would double the admin's wait), the shared daily token budget, and one log line
 * per call with model, tokens and duration — never the prompt, which may hold personal data.
 */
export const completeChat = async (
  payload: Payload,
  request: CompletionRequest,
): Promise<string> => {
  const settings = aiSettings()
  await assertTokenBudget(payload, settings.dailyTokenLimit)
  const client = new OpenAI({
    baseURL: settings.baseUrl,
    apiKey: settings.apiKey,
    timeout: settings.timeoutMs,
    maxRetries: 0,
  })
  const started = Date.now()
  const create = () =>
    client.chat.completions.create({
      model: settings.model,
      messages: request.messages,
      max_tokens: request.maxTokens ?? 800,
      temperature: request.temperature ?? 0.4,
    })
  let attempts = 1
  try {
    const completion = await create().catch(async (error: unknown) => {
      if (!isRetryable(error)) throw error
      await new Promise((resolve) => setTimeout(resolve, retryDelay(error)))
      attempts = 2
      return create()
    })
    const usage = completion.usage
    const content = completion.choices[0]?.message?.content?.trim() ?? ''
    // A server that reports no usage is charged an estimate (about four characters a token).
    const tokens =
      usage?.total_tokens ??
      Math.ceil((JSON.stringify(request.messages).length + content.length) / 4)
    const usedToday = await recordTokens(payload, tokens)
    payload.logger.info({
      msg: 'ai call',
      purpose: request.purpose,
      model: completion.model || settings.model,
      promptTokens: usage?.prompt_tokens,
      completionTokens: usage?.completion_tokens,
      totalTokens: tokens,
      usedToday,
      attempts,
      durationMs: Date.now() - started,
    })
    if (!content) throw new AppError(502, AI_UNAVAILABLE_MESSAGE)
    return content
  } catch (error) {
    const appError = asAppError(error)
    payload.logger.warn({
      msg: 'ai call failed',
      purpose: request.purpose,
      model: settings.model,
      attempts,
      durationMs: Date.now() - started,
      status: appError.status,
      reason: error instanceof Error ? error.constructor.name : 'unknown',
    })
    throw appError
  }
}
