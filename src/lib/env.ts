import { z } from 'zod'

/**
 * Server environment, parsed once. A missing or malformed variable fails fast with its name. The
 * only other readers of process.env are the ones that run before or outside this parse: Next's
 * runtime switch (instrumentation.ts, and revalidate.ts, which refreshes the page cache only where
 * a Next server runs), the proxy, the CSP module next.config.mjs loads, and the shutdown hooks
 * (installed first, and never allowed to fail a start).
 */
const unsetWhenEmpty = <S extends z.ZodType>(setting: S) =>
  z.preprocess((value) => (value === '' ? undefined : value), setting)

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z
    .string()
    .min(1, 'DATABASE_URL is required (npm start sets it for the embedded database)'),
  PAYLOAD_SECRET: z.string().min(16, 'PAYLOAD_SECRET must be at least 16 characters'),
  PORT: z.coerce.number().int().positive().default(3000),
  // The data root (embedded database, secret, media) and, apart from it, the uploaded media.
  DATA_DIR: z.string().min(1).default('data'),
  MEDIA_DIR: z.string().min(1).optional(),
  // Uploaded media in S3-compatible storage instead of MEDIA_DIR, when S3_BUCKET is set (decision
  // 0120). S3_ENDPOINT for a non-AWS server (MinIO, R2, …), which usually needs path-style URLs;
  // without keys the AWS SDK's own credential chain applies (instance role, AWS_* variables).
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_PREFIX: z.string().min(1).optional(),
  // Session cookies are Secure in production unless this is "false" (a plain-http deployment).
  SECURE_COOKIES: z.enum(['true', 'false']).default('true'),
  // The first admin, created once when both are set (src/seed/admin.ts).
  ADMIN_USERNAME: z.string().min(1).optional(),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  SERVER_URL: z.string().url().optional(),
  // Access levels that must sign in with a second factor besides full admins, who always must
  // (decision 0210): "editor", "demo" or "editor,demo".
  SECOND_FACTOR_ALSO_FOR: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((level) => level.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(['editor', 'demo']))),
  // Number of proxies in front of the app whose X-Forwarded-For entries are trusted.
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  // A signed-in session unused for this long ends at every door (decision 0215).
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  // Multiplies every per-route rate limit (0 turns rate limiting off, e.g. for load tests).
  RATE_LIMIT_FACTOR: z.coerce.number().min(0).default(1),
  DB_POOL_MAX: z.coerce.number().int().positive().default(10),
  // A statement running longer than this is cancelled, so no request holds a connection for long.
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  // How long a request waits for a connection (from the pool or a new one) before it fails.
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  // Prometheus metrics (decision 0225): a listener of their own on METRICS_HOST:METRICS_PORT (a
  // private address the front never serves), answering only `Authorization: Bearer METRICS_TOKEN`.
  // No port: no listener. No token: every request to it answers 404.
  // (An empty value, as a compose file's `${METRICS_TOKEN:-}` gives, is unset.)
  METRICS_PORT: unsetWhenEmpty(z.coerce.number().int().min(0).max(65535).optional()),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: unsetWhenEmpty(
    z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  ),
  // This instance's name in the System view and its heartbeat (default: host name and port).
  INSTANCE_NAME: z.string().min(1).max(100).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace']).default('info'),
  // The product's sender address: every email the site sends comes from it.
  EMAIL_FROM: z.string().min(3).default('Starfinity <hello@starfinity.example>'),
  // Outgoing mail: an SMTP URL (smtp:// or smtps://user:pass@host:port); unset, a development
  // outbox keeps every message on its email-log row and sends nothing out.
  SMTP_URL: z.string().url().optional(),
  // DKIM signing, when all three are set (the private key in PEM, \n allowed for line breaks).
  DKIM_DOMAIN: z.string().min(1).optional(),
  DKIM_SELECTOR: z.string().min(1).optional(),
  DKIM_PRIVATE_KEY: z.string().min(1).optional(),
  // Mailbox that receives the mailto: form of List-Unsubscribe (default: unsubscribe@ the sender's domain).
  EMAIL_UNSUBSCRIBE_MAILTO: z.string().email().optional(),
  // Newsletter double opt-in: link lifetime and the shortest wait before a confirmation is resent.
  EMAIL_CONFIRM_TTL_HOURS: z.coerce.number().positive().default(48),
  EMAIL_CONFIRM_RESEND_MINUTES: z.coerce.number().min(0).default(5),
  // Shared secret of bounce and complaint webhooks (HMAC-SHA256); unset, the webhook refuses every call.
  EMAIL_WEBHOOK_SECRET: z.string().min(16).optional(),
  // Soft bounces within 30 days that suppress an address.
  EMAIL_SOFT_BOUNCE_LIMIT: z.coerce.number().int().positive().default(3),
  // Open and click tracking (off by default).
  EMAIL_TRACKING: z.enum(['on', 'off']).default('off'),
  // How often each app instance works the email queue (cron with seconds; "off" runs nothing).
  EMAIL_QUEUE_CRON: z.string().min(1).default('*/5 * * * * *'),
  // First retry delay of a failed send; each further retry waits twice as long.
  EMAIL_RETRY_BASE_MS: z.coerce.number().int().positive().default(30_000),
  // SMTP connections each instance keeps open (its pool), and the messages per second all
  // instances together may send (one limit, kept in PostgreSQL; SES starts accounts at 14/s).
  SMTP_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(5),
  EMAIL_RATE_PER_SECOND: z.coerce.number().positive().default(14),
  // A campaign message claimed by an instance that does not start sending it within this many
  // seconds is taken by another; one started this long ago and never settled is "interrupted".
  EMAIL_SEND_LEASE_SECONDS: z.coerce.number().positive().default(120),
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

/**
 * Settings read again on every use rather than once (AI, shop): cheap to parse, and an operator or
 * a test may change them without reloading the modules that read them.
 */
export const envNow = <S extends z.ZodType>(settings: S) => settings.safeParse(process.env)

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

export const serverUrl = (): string => env().SERVER_URL ?? `http://localhost:${env().PORT}`
