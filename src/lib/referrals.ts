import { randomBytes } from 'node:crypto'

import { REFERRAL_CODE_LENGTH, type Product } from './constants'
import { serverUrl } from './env'

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/**
 * A short unguessable code (base62, ten characters: about 59 bits from the system's random
 * source). Bytes of 248 and above are dropped so every character is equally likely.
 */
export const newReferralCode = (length = REFERRAL_CODE_LENGTH): string => {
  let code = ''
  while (code.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && code.length < length) code += BASE62[byte % 62]
    }
  }
  return code
}

/** The link a person shares: the waitlist page of their product with their code. */
export const referralUrl = (product: Product | string, code: string) =>
  `${serverUrl()}/waitlist?product=${encodeURIComponent(product)}&ref=${encodeURIComponent(code)}`

/**
 * The address with case and a "+tag" of the local part ignored: a signup whose address is the
 * referrer's own in this sense is a self-referral and is not recorded.
 */
export const sameAddressKey = (email: string) =>
  email
    .trim()
    .toLowerCase()
    .replace(/\+[^@]*@/, '@')
