/**
 * Demo masking (decision 0031): what a demo admin receives never carries personal data. Fields are
 * masked by name, and every other string is swept for email addresses, so a field added later
 * cannot leak an address.
 */
export const MASK = '•••'

const EMAIL_PATTERN = /[^\s@<>"'(),;:]+@([^\s@<>"'(),;:]+\.[^\s@<>"'(),;:]+)/g

export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf('@')
  if (at < 1) return MASK
  return `${email[0]}${MASK}@${email.slice(at + 1)}`
}

export const maskName = (name: string): string => {
  const first = Array.from(name.trim())[0]
  return first ? `${first}${MASK}` : ''
}

const maskEmailsIn = (text: string): string =>
  text.replace(EMAIL_PATTERN, (address) => maskEmail(address))

type Masker = (value: string) => string

const FIELD_MASKERS: Record<string, Masker> = {
  email: maskEmail,
  toEmail: maskEmail,
  fromEmail: maskEmail,
  name: maskName,
  firstName: maskName,
  // Free text written by a visitor or an admin: no length hint either.
  message: () => MASK,
  htmlContent: () => MASK,
  familyWish: () => MASK,
  // Parent survey and waitlist answers typed by the visitor.
  bookAttraction: () => MASK,
  natureConnection: () => MASK,
  parentingValues: () => MASK,
  referralSource: () => MASK,
  // A referral code opens nothing, but it is the person's own link (decision 0119).
  referralCode: () => MASK,
  rawMessage: () => MASK,
  // A clicked link may carry a token.
  url: () => MASK,
  notes: () => MASK,
  consentIp: () => MASK,
  ipAddress: () => MASK,
  ip: () => MASK,
}

/** A copy of any JSON value with personal data masked for a demo user. */
export const maskPersonalData = <T>(value: T): T => mask(value) as T

const mask = (value: unknown, key?: string): unknown => {
  if (typeof value === 'string') {
    const masker = key === undefined ? undefined : FIELD_MASKERS[key]
    return masker && value ? masker(value) : maskEmailsIn(value)
  }
  if (Array.isArray(value)) return value.map((item) => mask(item))
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mask(v, k)]))
  }
  return value
}
