import { z } from 'zod'

import { isEmbeddedDatabaseUrl } from './db/embedded-address'

/** Server environment, parsed once. A missing or malformed variable fails fast with its name. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z
    .string()
    .min(1, 'DATABASE_URL is required (npm start sets it for the embedded database)'),
  PAYLOAD_SECRET: z.string().min(16, 'PAYLOAD_SECRET must be at least 16 characters'),
  PORT: z.coerce.number().int().positive().default(3000),
  SERVER_URL: z.string().url().optional(),
  // Number of proxies in front of the app whose X-Forwarded-For entries are trusted.
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  // Multiplies every per-route rate limit (0 turns rate limiting off, e.g. for load tests).
  RATE_LIMIT_FACTOR: z.coerce.number().min(0).default(1),
  DB_POOL_MAX: z.coerce.number().int().positive().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace']).default('info'),
  // The product's sender address: every email the site sends comes from it.
  EMAIL_FROM: z.string().min(3).default('Starfinity <hello@starfinity.example>'),
  // AI model (OpenAI or any OpenAI-compatible server). Neither URL nor key: the offline assistant.
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  // Tokens all instances together may spend per UTC day (0 = no limit).
  AI_DAILY_TOKEN_LIMIT: z.coerce.number().int().min(0).default(200_000),
})

/** The schema, for settings that are read again per use (e.g. AI settings tests change at run time). */
export const envSchema = schema

export type Env = z.infer<typeof schema>

const parse = (): Env => {
  const result = schema.safeParse(process.env)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  return result.data
}

let cached: Env | undefined
export const env = (): Env => (cached ??= parse())

/**
 * Connections per process. The embedded database runs one statement at a time and its socket server
 * interleaves protocol messages of concurrent connections, so each process uses one working
 * connection there (plus the one Payload keeps open). See docs/decisions/0002-embedded-database.md.
 */
export const poolMax = (): number =>
  env().DB_POOL_MAX ?? (isEmbeddedDatabaseUrl(env().DATABASE_URL) ? 2 : 10)

export const serverUrl = (): string => env().SERVER_URL ?? `http://localhost:${env().PORT}`
