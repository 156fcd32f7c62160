/**
 * Telling "the database cannot be reached right now" apart from a bug: a refused or dropped
 * connection, a server shutting down or starting, a pool that could not hand out a connection in
 * time, a statement cancelled by its timeout, a COMMIT whose outcome never arrived. Such requests
 * answer 503 with Retry-After; the client may retry (every write is idempotent on its unique key).
 */
const SQLSTATE_CLASSES = ['08', '53', '57'] // connection exception, insufficient resources, operator intervention
const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND'])
const MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection (?:error|ended)/i,
  /client has encountered a connection error/i,
  /cannot begin transaction/i,
  /the database system is (?:starting up|shutting down|in recovery mode)/i,
  /Cannot use a pool after calling end/i,
]

type ErrorLink = { code?: unknown; message?: unknown; cause?: unknown }

/** The error and its causes, outermost first (drizzle wraps the driver's error). */
function* errorChain(error: unknown): Generator<ErrorLink> {
  const seen = new Set<unknown>()
  let current: unknown = error
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current)
    yield current as ErrorLink
    current = (current as ErrorLink).cause
  }
}

export const isDatabaseUnavailable = (error: unknown): boolean => {
  for (const { code, message } of errorChain(error)) {
    if (typeof code === 'string') {
      if (NODE_CODES.has(code)) return true
      if (/^[0-9A-Z]{5}$/.test(code) && SQLSTATE_CLASSES.includes(code.slice(0, 2))) return true
    }
    if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message)))
      return true
  }
  return false
}

/**
 * The statement's connection was closed under it (a terminated backend, a failover, a reset
 * socket), or the pool handed out a dead client: worth another try on another connection. Not
 * timeouts (a retry would double the wait), not a server that is away.
 */
export const isConnectionLost = (error: unknown): boolean => {
  for (const { code, message } of errorChain(error)) {
    if (typeof code === 'string' && (/^08|^57P0[12]$/.test(code) || LOST_CODES.has(code)))
      return true
    if (
      typeof message === 'string' &&
      /connection terminated unexpectedly|is not queryable/i.test(message)
    )
      return true
  }
  return false
}
const LOST_CODES = new Set(['ECONNRESET', 'EPIPE'])

/**
 * Runs a statement that is safe to run twice (idempotent on its unique keys), again on another
 * connection when its connection was lost, up to LOST_CONNECTION_ATTEMPTS in all: a batch of
 * writes would otherwise fail every request of it where one statement each used to cost one. The
 * short pause lets the pool drop its other idle connections that the same event (a failover,
 * terminated backends) closed, instead of handing the retry one of them.
 */
export const retryingLostConnections = async <T>(statement: () => Promise<T>): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement()
    } catch (error) {
      if (attempt >= LOST_CONNECTION_ATTEMPTS || !isConnectionLost(error)) throw error
      await new Promise((resolve) => setTimeout(resolve, LOST_CONNECTION_PAUSE_MS))
    }
  }
}
const LOST_CONNECTION_ATTEMPTS = 3
const LOST_CONNECTION_PAUSE_MS = 20

/** Seconds a client should wait before retrying while the database is unavailable. */
export const RETRY_AFTER_SECONDS = 5

export const UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable. Please try again in a moment.'

/**
 * One log line per kind of failure per interval, with a count of those not logged, instead of a
 * stack per request while the database is down.
 */
const lastLogged = new Map<string, { at: number; suppressed: number }>()
export const shouldLog = (
  kind: string,
  intervalMs = 10_000,
): { log: boolean; suppressed: number } => {
  const now = Date.now()
  const entry = lastLogged.get(kind)
  if (entry && now - entry.at < intervalMs) {
    entry.suppressed++
    return { log: false, suppressed: 0 }
  }
  const suppressed = entry?.suppressed ?? 0
  lastLogged.set(kind, { at: now, suppressed: 0 })
  return { log: true, suppressed }
}

/** The first line of an error, without the SQL and parameters drizzle puts in "Failed query" messages. */
export const errorSummary = (error: unknown): string => {
  let current: unknown = error
  while (current && typeof current === 'object') {
    const { message, cause } = current as { message?: unknown; cause?: unknown }
    if (typeof message === 'string' && !/^Failed query/.test(message))
      return message.split('\n')[0].slice(0, 200)
    current = cause
  }
  return 'unknown error'
}
