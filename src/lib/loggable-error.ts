import { errorSummary } from '@/lib/db/unavailable'

/**
 * Error logs carry no personal data or secrets: a database error's message holds the SQL and its
 * parameters (drizzle: "Failed query: … params: …", with `query` and `params` properties) and
 * PostgreSQL quotes the offending value ('… out of range: "0000-01-01"'). Logged instead: the
 * class, the SQLSTATE or system code, the first line of the deepest readable message with quoted
 * values, addresses and token-like strings replaced, and the stack frames without the message.
 */
export type LoggableError = { type: string; code?: string; message: string; stack?: string }

const REDACTED = '[redacted]'
const VALUE_PATTERNS = [
  /"[^"]*"/g, // a quoted value in a PostgreSQL message
  /'[^']*'/g,
  /\([^()]*\)=\([^()]*\)/g, // "Key (email)=(a@b.example)" in a constraint detail
  /[^\s@"'<>()]+@[^\s@"'<>()]+/g, // an email address
  /\b\d{1,3}(?:\.\d{1,3}){3}\b/g, // an IPv4 address
  /\b[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7}\b/gi, // an IPv6 address
  /\b[\w-]{20,}\b/g, // a token, a hash
]

export const redactValues = (text: string): string =>
  VALUE_PATTERNS.reduce((result, pattern) => result.replace(pattern, REDACTED), text)

const codeOf = (error: unknown): string | undefined => {
  const seen = new Set<unknown>()
  let current: unknown = error
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current)
    const { code, cause } = current as { code?: unknown; cause?: unknown }
    if (typeof code === 'string' || typeof code === 'number') return String(code).slice(0, 40)
    current = cause
  }
  return undefined
}

export const loggableError = (error: unknown): LoggableError => {
  const type =
    error instanceof Error ? error.constructor?.name || error.name : typeof error || 'unknown'
  const frames =
    error instanceof Error && typeof error.stack === 'string'
      ? error.stack
          .split('\n')
          .filter((line) => /^\s+at /.test(line))
          .slice(0, 15)
          .join('\n')
      : undefined
  return {
    type,
    code: codeOf(error),
    message: redactValues(errorSummary(error)),
    ...(frames ? { stack: frames } : {}),
  }
}

type LogMethod = (this: unknown, ...args: unknown[]) => void

/**
 * Log messages are scrubbed as log objects are: Payload logs an error's own message (a failed
 * query's SQL and parameters) as the line's message, and a message may quote what a client sent.
 * Used as pino's `hooks.logMethod`: a string message has its values redacted, and an error logged
 * without a message gets its redacted summary as the message.
 */
export function scrubLogMessage(this: unknown, args: unknown[], method: LogMethod): void {
  const [first, second, ...rest] = args
  if (typeof first === 'string') return method.apply(this, [redactValues(first), second, ...rest])
  if (first && typeof first === 'object') {
    const object = first as { msg?: unknown; err?: unknown }
    const error = first instanceof Error ? first : object.err
    const fields =
      first instanceof Error || typeof object.msg !== 'string'
        ? first
        : { ...object, msg: redactValues(object.msg) }
    const message =
      typeof second === 'string'
        ? redactValues(second)
        : second === undefined && error !== undefined && typeof object.msg !== 'string'
          ? loggableError(error).message
          : second
    const tail = message === undefined && rest.length === 0 ? [] : [message, ...rest]
    return method.apply(this, [fields, ...tail])
  }
  return method.apply(this, args)
}
