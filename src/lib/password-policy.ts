import { ValidationError } from 'payload'

export const PASSWORD_MIN = 12
export const PASSWORD_MAX = 128

// Long forms the bundled list misses, and this site's own name.
const EXTRA = [
  'password12345',
  'password123456',
  'admin1234567',
  'letmein12345',
  'welcome12345',
  'iloveyou1234',
  'changeme1234',
  'qwertyuiopas',
  'abcdefghijkl',
  'starfinity123',
]

let common: Promise<Set<string>> | undefined

/**
 * The common and breached passwords of zxcvbn-ts (about 49,000) and EXTRA, in lower case, loaded on the first
 * check only and kept for the life of the process. Server-side only: this module is never
 * imported by a browser component.
 */
export const commonPasswords = (): Promise<Set<string>> =>
  (common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set([...dictionary['passwords-common'], ...EXTRA].map((word) => word.toLowerCase())),
  ))

export const passwordProblem = async (password: string): Promise<string | undefined> => {
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`
  if ((await commonPasswords()).has(password.toLowerCase()) || /^(.)\1+$/.test(password))
    return 'This password is too common'
  return undefined
}

export const validatePasswordStrength = async (password: string): Promise<void> => {
  const message = await passwordProblem(password)
  if (message) throw new ValidationError({ errors: [{ message, path: 'password' }] })
}
