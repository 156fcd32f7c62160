import { createHash, createHmac } from 'node:crypto'

import { env } from './env'

let salt: { day: string; value: Buffer } | undefined

/** Derived from the secret, once per UTC day. */
const dailySalt = (day: string) => {
  if (salt?.day !== day) {
    salt = {
      day,
      value: createHmac('sha256', env().PAYLOAD_SECRET).update(`ip-salt:${day}`).digest(),
    }
  }
  return salt.value
}

/**
 * An address that cannot be turned back into the IP, and that changes every day (UTC),
 * so analytics can count visitors without tracking them across days.
 */
export const hashIp = (ip: string, now = new Date()): string =>
  createHash('sha256')
    .update(dailySalt(now.toISOString().slice(0, 10)))
    .update(ip)
    .digest('base64url')
    .slice(0, 22)

/**
 * What is kept of an erased address that must never be mailed again: a salted SHA-256 (salt derived
 * from the secret), so the address cannot be read back but the same address is recognised.
 */
let erasedSalt: Buffer | undefined

/** The salt of erased-address hashes (checked for every email queued: derived once). */
export const erasedAddressSalt = (): Buffer =>
  (erasedSalt ??= createHmac('sha256', env().PAYLOAD_SECRET).update('erased-address').digest())

export const erasedAddressHash = (email: string): string =>
  createHash('sha256').update(erasedAddressSalt()).update(email.trim().toLowerCase()).digest('hex')
