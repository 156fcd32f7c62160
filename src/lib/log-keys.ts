import { createHmac } from 'node:crypto'

import { env } from './env'

/**
 * A sign-in name or an address as log lines carry it (decision 0193): a keyed hash, so the lines
 * of one account can be followed (the same name gives the same key) but the name cannot be read
 * back, nor found by hashing guesses without the site's secret. Sixteen characters: short enough
 * that the message scrubber does not take it for a token.
 */
export const logKey = (value: string) =>
  createHmac('sha256', env().PAYLOAD_SECRET)
    .update(`log:${value.trim().toLowerCase()}`)
    .digest('base64url')
    .slice(0, 16)

/** Fields of a log object that name a person: logged as `<field>Key`, their keyed hash. */
const PERSONAL_FIELDS = ['username', 'email'] as const

/**
 * pino's `formatters.log`: a `username` or `email` field of any log line, written by the site or
 * by Payload, is replaced by its keyed hash, so no line carries one in clear.
 */
export const keyPersonalFields = (object: Record<string, unknown>): Record<string, unknown> => {
  if (!PERSONAL_FIELDS.some((field) => typeof object[field] === 'string')) return object
  const keyed: Record<string, unknown> = { ...object }
  for (const field of PERSONAL_FIELDS) {
    const value = keyed[field]
    if (typeof value !== 'string') continue
    delete keyed[field]
    keyed[`${field}Key`] = logKey(value)
  }
  return keyed
}
