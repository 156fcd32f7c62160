import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'

import { env } from '@/lib/env'

/** A key of its own for each use, derived from the Payload secret (HKDF-SHA-256). */
const keyFor = (use: string, secret = env().PAYLOAD_SECRET) =>
  Buffer.from(hkdfSync('sha256', secret, 'starfinity-second-factor', use, 32))

/** AES-256-GCM: the text can be read back only with the Payload secret, and not altered. */
export const seal = (use: string, plain: string): string => {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyFor(use), iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
}

/** The sealed text, or undefined when it was altered or sealed for another use or secret. */
export const unseal = (use: string, sealed: string): string | undefined => {
  try {
    const bytes = Buffer.from(sealed, 'base64url')
    if (bytes.length < 29) return undefined
    const decipher = createDecipheriv('aes-256-gcm', keyFor(use), bytes.subarray(0, 12))
    decipher.setAuthTag(bytes.subarray(12, 28))
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
  } catch {
    return undefined
  }
}

/** A keyed hash (HMAC-SHA-256 with a key derived from the Payload secret): recovery codes. */
export const keyedHash = (use: string, value: string, secret?: string) =>
  createHmac('sha256', keyFor(use, secret)).update(value).digest('base64url')

type Ticket = { purpose: string; userId: number; exp: number }

/**
 * A short-lived ticket the browser carries between two steps (a TOTP secret before it is
 * confirmed, a passkey challenge): sealed, bound to its purpose and user, unusable after `seconds`.
 */
export const issueTicket = <T extends Record<string, unknown>>(
  purpose: string,
  userId: number,
  data: T,
  seconds = 600,
) => seal('ticket', JSON.stringify({ ...data, purpose, userId, exp: Date.now() + seconds * 1000 }))

export const readTicket = <T extends Record<string, unknown>>(
  purpose: string,
  userId: number,
  ticket: unknown,
): (T & Ticket) | undefined => {
  if (typeof ticket !== 'string' || ticket.length > 4000) return undefined
  const plain = unseal('ticket', ticket)
  if (!plain) return undefined
  const data = JSON.parse(plain) as T & Ticket
  if (data.purpose !== purpose || data.userId !== userId || data.exp < Date.now()) return undefined
  return data
}
