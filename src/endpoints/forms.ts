import type { PayloadRequest } from 'payload'

import { serverUrl } from '@/lib/env'
import { AppError, badRequest } from '@/lib/errors'

import { DEFAULT_BODY_LIMIT, json, readJson, readText } from './http'

/**
 * The posts of the pages an emailed link opens (confirm, preferences, your data): they work
 * without JavaScript, so each takes an HTML form post as well as a JSON call.
 */
export const isForm = (req: PayloadRequest) =>
  /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(
    req.headers.get('content-type') ?? '',
  )

/**
 * The fields of an HTML form post (the pages work without JavaScript, and RFC 8058 one-click
 * unsubscribes are form posts) or of a JSON body; the token may also be in the query string.
 */
export const readFields = async (req: PayloadRequest): Promise<Record<string, unknown>> => {
  const query = Object.fromEntries(new URL(req.url ?? serverUrl()).searchParams)
  if (isForm(req)) {
    const text = await readText(req, DEFAULT_BODY_LIMIT)
    const type = req.headers.get('content-type') ?? ''
    const form = type.startsWith('multipart/')
      ? await new Response(text, { headers: { 'content-type': type } }).formData()
      : new URLSearchParams(text)
    return { ...query, ...Object.fromEntries(form as unknown as Iterable<[string, string]>) }
  }
  const hasBody = Number(req.headers.get('content-length') ?? '1') > 0 && req.body
  const body = hasBody && req.headers.get('content-type') ? await readJson(req) : {}
  if (body === null || typeof body !== 'object')
    throw badRequest('Request body must be a JSON object')
  return { ...query, ...(body as Record<string, unknown>) }
}

export const checkbox = (value: unknown) => value === true || value === 'on' || value === 'true'

/** Form posts come back to the page (303, so a reload does not post again); API calls get JSON. */
export const answer = (req: PayloadRequest, page: string, data: Record<string, unknown>) =>
  isForm(req) ? Response.redirect(`${serverUrl()}${page}`, 303) : json(data)

/** A refused form post comes back to its page, saying why (`page`); API calls get the error. */
export const failedForm =
  (req: PayloadRequest, page: string | ((error: AppError) => string)) => async (error: unknown) => {
    if (isForm(req) && error instanceof AppError && error.status < 500)
      return Response.redirect(
        `${serverUrl()}${typeof page === 'string' ? page : page(error)}`,
        303,
      )
    throw error
  }
