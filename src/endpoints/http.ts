import type { PayloadHandler, PayloadRequest } from 'payload'
import type { z } from 'zod'

import {
  RETRY_AFTER_SECONDS,
  UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  shouldLog,
} from '@/lib/db/unavailable'
import { env } from '@/lib/env'
import { AppError, badRequest, isInvalidValue } from '@/lib/errors'
import { loggableError } from '@/lib/loggable-error'
import { fieldErrors } from '@/schemas/common'

export const DEFAULT_BODY_LIMIT = 16 * 1024

export const json = (data: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(data, { status, headers: { 'Cache-Control': 'no-store', ...headers } })

/** A file the browser saves (CSV exports, one person's JSON), never cached or sniffed. */
export const download = (
  body: BodyInit,
  filename: string,
  contentType: 'text/csv' | 'application/json',
) =>
  new Response(body, {
    headers: {
      'Content-Type': `${contentType}; charset=utf-8`,
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })

export const errorResponse = (error: AppError) =>
  json(
    { message: error.message, ...(error.errors ? { errors: error.errors } : {}) },
    error.status,
    error.headers,
  )

/** 503 with Retry-After: the database cannot be reached now; the client may retry. */
export const unavailable = () =>
  json({ message: UNAVAILABLE_MESSAGE }, 503, { 'Retry-After': String(RETRY_AFTER_SECONDS) })

/**
 * Every JSON endpoint answers through this: AppErrors keep their status, an unreachable database is
 * a 503 (logged once per interval, not per request), anything else is a 500 with no details.
 */
export const handler =
  (fn: (req: PayloadRequest) => Promise<Response>): PayloadHandler =>
  async (req) => {
    try {
      return await fn(req)
    } catch (error) {
      if (error instanceof AppError) return errorResponse(error)
      if (isInvalidValue(error)) {
        return errorResponse(badRequest('The request holds a value that cannot be used.'))
      }
      if (isDatabaseUnavailable(error)) {
        const { log, suppressed } = shouldLog('database unavailable')
        if (log)
          req.payload.logger.warn({
            msg: 'database unavailable',
            path: req.pathname,
            error: loggableError(error).message,
            ...(suppressed ? { suppressedSinceLast: suppressed } : {}),
          })
        return unavailable()
      }
      req.payload.logger.error({
        msg: 'request failed',
        path: req.pathname,
        error: loggableError(error),
      })
      return json({ message: 'Something went wrong on our side. Please try again later.' }, 500)
    }
  }

const tooLarge = (limit: number) =>
  new AppError(413, `Request body is too large (limit ${Math.round(limit / 1024)} KB)`)

/**
 * Reads a body up to `limit` bytes: 413 from its Content-Length without reading it, or as soon as
 * the bytes read pass the limit (the rest is never read); 400 when the client goes away mid-body.
 */
export const readBody = async (req: PayloadRequest, limit: number): Promise<Buffer> => {
  const declared = Number(req.headers.get('content-length'))
  if (declared > limit) throw tooLarge(limit)
  if (!req.body) return Buffer.alloc(0)
  const reader = (req.body as ReadableStream<Uint8Array>).getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    // A client that goes away mid-body is not a server error.
    const { done, value } = await reader.read().catch(() => {
      throw badRequest('The request body could not be read')
    })
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      throw tooLarge(limit)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

/** The raw body as text, at most `limit` bytes (webhook signatures cover the exact bytes). */
export const readText = async (req: PayloadRequest, limit = 256 * 1024): Promise<string> =>
  (await readBody(req, limit)).toString('utf8')

/** Reads a JSON body: 415 unless JSON, 413 past the limit (checked while streaming), 400 when malformed. */
export const readJson = async (
  req: PayloadRequest,
  limit = DEFAULT_BODY_LIMIT,
): Promise<unknown> => {
  const type = req.headers.get('content-type') ?? ''
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(type.trim())) {
    throw new AppError(415, 'Content-Type must be application/json')
  }
  const body = await readBody(req, limit)
  try {
    return JSON.parse(body.toString('utf8'))
  } catch {
    throw badRequest('Request body must be valid JSON')
  }
}

export const parseWith = <S extends z.ZodType>(schema: S, body: unknown): z.output<S> => {
  if (body === null || typeof body !== 'object')
    throw badRequest('Request body must be a JSON object')
  const result = schema.safeParse(body)
  if (result.success) return result.data
  const errors = fieldErrors(result.error)
  throw badRequest(Object.values(errors)[0] ?? 'Invalid request', errors)
}

/**
 * The client address. Next sets X-Forwarded-For from the socket only when the request has none;
 * each trusted proxy appends the address it saw, so the client is TRUST_PROXY entries from the right.
 */
export const clientIp = (req: PayloadRequest): string => clientIpOf(req.headers)

/** clientIp from the headers alone (an auth strategy has no request yet). */
export const clientIpOf = (headers: Headers): string => {
  const chain = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  const index = chain.length - Math.max(1, env().TRUST_PROXY)
  return chain[Math.max(0, index)] ?? headers.get('x-real-ip') ?? 'unknown'
}
