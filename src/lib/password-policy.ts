import { ValidationError } from 'payload'

export const PASSWORD_MIN = 12
export const PASSWORD_MAX = 128

// The most used passwords of public breach lists that would pass the length rule.
const COMMON = new Set([
  'password1234',
  'password12345',
  'password123456',
  '123456789012',
  '1234567890123',
  'qwertyuiop12',
  'qwertyuiopas',
  'iloveyou1234',
  'administrator',
  'admin1234567',
  'letmein12345',
  'welcome12345',
  'starfinity123',
  'changeme1234',
  '111111111111',
  '000000000000',
  'aaaaaaaaaaaa',
  'abcdefghijkl',
  'abc123456789',
  'passwordpassword',
])

export const passwordProblem = (password: string): string | undefined => {
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`
  if (COMMON.has(password.toLowerCase()) || /^(.)\1+$/.test(password))
    return 'This password is too common'
  return undefined
}

export const validatePasswordStrength = (password: string): void => {
  const message = passwordProblem(password)
  if (message) throw new ValidationError({ errors: [{ message, path: 'password' }] })
}
