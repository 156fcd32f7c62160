import { createHash, createHmac, createSecretKey, type KeyObject, randomUUID } from 'node:crypto'

import { senderDomain } from '@/lib/email/addresses'
import { env, serverUrl } from '@/lib/env'

/**
 * Links that carry a secret (the double opt-in tokens, a data request's token) are never stored: the email log keeps the
 * message with the token replaced by REDACTED, which is what the Email Manager shows, and the
 * sender puts the real token back just before handing the message to SMTP. The token is derived
 * from the message's Message-ID with a key made from PAYLOAD_SECRET, so any instance can rebuild
 * it (retries, another process) and nothing readable through an API is enough to make it.
 */
export const REDACTED = '[redacted]'

const CONFIRM_PATH = '/newsletter/confirm?token='
const DATA_PATH = '/email/data?token='
const WAITLIST_CONFIRM_PATH = '/waitlist/confirm?token='
const WAITLIST_STATUS_PATH = '/waitlist/status?token='

/** A link carries its token; the database keeps only the token's SHA-256. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export const newMessageId = () => `<${randomUUID()}@${senderDomain()}>`

let derivedLinkKey: KeyObject | undefined

/**
 * The key of every secret link, derived from PAYLOAD_SECRET once (the settings are read once per
 * process) and kept as a KeyObject: an HMAC keyed with a Buffer costs several times one keyed with
 * a KeyObject, and a signup makes three of them (docs/benchmarks.md, 7 December).
 */
const linkKey = () =>
  (derivedLinkKey ??= createSecretKey(
    createHmac('sha256', env().PAYLOAD_SECRET).update('email-link-tokens').digest(),
  ))

/** The confirmation token of the email with this Message-ID (the database keeps its SHA-256). */
export const confirmationToken = (messageId: string) =>
  createHmac('sha256', linkKey()).update(`newsletter-confirm:${messageId}`).digest('base64url')

/** The confirmation link as stored: the token redacted. */
export const redactedConfirmUrl = () => `${serverUrl()}${CONFIRM_PATH}${REDACTED}`

/** The token of a data request's link, in the email with this Message-ID (stored as SHA-256). */
export const dataRequestToken = (messageId: string) =>
  createHmac('sha256', linkKey()).update(`data-request:${messageId}`).digest('base64url')

/** A data request's link as stored: the token redacted. */
export const redactedDataRequestUrl = () => `${serverUrl()}${DATA_PATH}${REDACTED}`

/** The tokens of a waitlist confirmation email's two links (the entry keeps their SHA-256). */
export const waitlistConfirmToken = (messageId: string) =>
  createHmac('sha256', linkKey()).update(`waitlist-confirm:${messageId}`).digest('base64url')
/** Made from the confirm token, so the confirmation page can open the status page next. */
export const statusTokenOf = (confirmToken: string) =>
  createHmac('sha256', linkKey()).update(`waitlist-status:${confirmToken}`).digest('base64url')
export const waitlistStatusToken = (messageId: string) =>
  statusTokenOf(waitlistConfirmToken(messageId))

/** The waitlist links as stored: the tokens redacted. */
export const redactedWaitlistConfirmUrl = () => `${serverUrl()}${WAITLIST_CONFIRM_PATH}${REDACTED}`
export const redactedWaitlistStatusUrl = () => `${serverUrl()}${WAITLIST_STATUS_PATH}${REDACTED}`

/** The body as sent: the redacted links of a confirmation email get their real tokens. */
export const revealSecretLinks = (
  body: string,
  email: { emailType: string; messageId: string | null },
): string => {
  if (email.emailType !== 'confirmation' || !email.messageId) return body
  return body
    .split(`${CONFIRM_PATH}${REDACTED}`)
    .join(`${CONFIRM_PATH}${confirmationToken(email.messageId)}`)
    .split(`${DATA_PATH}${REDACTED}`)
    .join(`${DATA_PATH}${dataRequestToken(email.messageId)}`)
    .split(`${WAITLIST_CONFIRM_PATH}${REDACTED}`)
    .join(`${WAITLIST_CONFIRM_PATH}${waitlistConfirmToken(email.messageId)}`)
    .split(`${WAITLIST_STATUS_PATH}${REDACTED}`)
    .join(`${WAITLIST_STATUS_PATH}${waitlistStatusToken(email.messageId)}`)
}
