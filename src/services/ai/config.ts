import { envNow, envSchema } from '@/lib/env'

const aiSchema = envSchema.pick({
  AI_BASE_URL: true,
  AI_API_KEY: true,
  AI_MODEL: true,
  AI_TIMEOUT_MS: true,
  AI_DAILY_TOKEN_LIMIT: true,
})

export type AiSettings = {
  /** False: nothing configured, the offline assistant answers. */
  isConfigured: boolean
  baseUrl?: string
  apiKey: string
  model: string
  timeoutMs: number
  dailyTokenLimit: number
}

/**
 * Read per call rather than once: the settings are cheap to parse, and an operator (or a test)
 * can point the site at another model without a restart of anything that imported this module.
 */
export const aiSettings = (): AiSettings => {
  const result = envNow(aiSchema)
  if (!result.success) throw result.error
  const parsed = result.data
  return {
    isConfigured: Boolean(parsed.AI_BASE_URL || parsed.AI_API_KEY),
    baseUrl: parsed.AI_BASE_URL,
    // Self-hosted servers (Ollama, llama.cpp) need no key, but the SDK insists on one.
    apiKey: parsed.AI_API_KEY ?? 'not-needed',
    model: parsed.AI_MODEL,
    timeoutMs: parsed.AI_TIMEOUT_MS,
    dailyTokenLimit: parsed.AI_DAILY_TOKEN_LIMIT,
  }
}
