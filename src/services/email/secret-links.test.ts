import { createHmac } from 'node:crypto'

import { beforeAll, describe, expect, it } from 'vitest'

import { confirmationToken, statusTokenOf, waitlistConfirmToken } from './secret-links'

const SECRET = 'a secret of the tests, long enough for the site'

/** The derivation the links in people's inboxes were made with: it must never change. */
const expected = (purpose: string) =>
  createHmac('sha256', createHmac('sha256', SECRET).update('email-link-tokens').digest())
    .update(purpose)
    .digest('base64url')

describe('secret links', () => {
  beforeAll(() => {
    process.env.PAYLOAD_SECRET = SECRET
    // Required by the settings; no database is reached here.
    process.env.DATABASE_URL ??= 'postgres://127.0.0.1:1/unused'
  })

  it('derives each token from the Message-ID with the key made from the secret', () => {
    const messageId = '<0b5c3a52-4a1e-4f1e-9d7e-1c2b3a4d5e6f@example.com>'
    expect(waitlistConfirmToken(messageId)).toBe(expected(`waitlist-confirm:${messageId}`))
    expect(confirmationToken(messageId)).toBe(expected(`newsletter-confirm:${messageId}`))
    const confirm = waitlistConfirmToken(messageId)
    expect(statusTokenOf(confirm)).toBe(expected(`waitlist-status:${confirm}`))
  })

  it('gives each message its own token, the same every time', () => {
    const first = waitlistConfirmToken('<one@example.com>')
    expect(waitlistConfirmToken('<one@example.com>')).toBe(first)
    expect(waitlistConfirmToken('<two@example.com>')).not.toBe(first)
  })
})
