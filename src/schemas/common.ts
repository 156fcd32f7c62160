import './no-eval'

import { z } from 'zod'

export const INVALID_EMAIL = 'Please enter a valid email address'

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
) => z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: tooLong })

export const optionalText = (max: number) => z.string().trim().max(max).optional()

/** A short list of short strings, e.g. interests or tags. */
export const tagList = (maxItems = 20, maxLength = 100) =>
  z.array(z.string().trim().min(1).max(maxLength)).max(maxItems).optional()

export type FieldErrors = Record<string, string>

/** The first message per field, keyed by its dotted path. */
export const fieldErrors = (error: z.ZodError): FieldErrors => {
  const errors: FieldErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'body'
    errors[key] ??= issue.message
  }
  return errors
}
