import './no-eval'

import { z } from 'zod'

import type { FieldErrors } from '@/lib/errors'

import {
  CONTROL_CHARACTERS,
  hasNoWebAddress,
  INVALID_EMAIL,
  isCleanLine,
  isCleanText,
  WEB_ADDRESS_IN_FIRST_NAME,
  WEB_ADDRESS_IN_NAME,
} from './messages'

export { CONTROL_CHARACTERS, INVALID_EMAIL }
export type { FieldErrors }

/** A one-line string, trimmed, with no control character (400 naming the field otherwise). */
export const line = (message?: string) =>
  z
    .string(message ? { error: message } : undefined)
    .trim()
    .refine(isCleanLine, { error: CONTROL_CHARACTERS, abort: true })

/** A long, multi-line string, trimmed: tab and line breaks allowed, other control characters not. */
export const longText = (message?: string) =>
  z
    .string(message ? { error: message } : undefined)
    .trim()
    .refine(isCleanText, { error: CONTROL_CHARACTERS, abort: true })

/** Trimmed, lower-cased, at most 254 characters (RFC 5321). */
export const emailSchema = (message: string = INVALID_EMAIL) =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .max(254, { error: message })
    .pipe(z.email({ error: message }))

export const requiredText = (
  message: string,
  max: number,
  tooLong = `Must be at most ${max} characters`,
) => line(message).min(1, { error: message }).max(max, { error: tooLong })

export const optionalText = (max: number) => line().max(max).optional()

/** A person's name, mailed back to them: required, and with no web or email address in it. */
export const personName = (max: number) =>
  requiredText('Name is required', max, `Name must be at most ${max} characters`).refine(
    hasNoWebAddress,
    { error: WEB_ADDRESS_IN_NAME },
  )

/** An optional first name, with no web or email address in it. */
export const optionalFirstName = (max: number) =>
  line().max(max).refine(hasNoWebAddress, { error: WEB_ADDRESS_IN_FIRST_NAME }).optional()

/** Optional multi-line text (a wish, a note): tab and line breaks allowed. */
export const optionalLongText = (max: number) => longText().max(max).optional()

/** A short list of short strings, e.g. interests or tags. */
export const tagList = (maxItems = 20, maxLength = 100) =>
  z.array(line().min(1).max(maxLength)).max(maxItems).optional()

/** The first message per field, keyed by its dotted path. */
export const fieldErrors = (error: z.ZodError): FieldErrors => {
  const errors: FieldErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'body'
    errors[key] ??= issue.message
  }
  return errors
}
