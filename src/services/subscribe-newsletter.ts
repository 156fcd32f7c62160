import { randomBytes } from 'node:crypto'

import type { Payload } from 'payload'

import type { NewsletterSignup } from '@/schemas/newsletter'

import { createUnique } from './create-unique'
import { recordConsent } from './record-consent'

export const ALREADY_SUBSCRIBED = "You're already subscribed to our newsletter!"

export const subscribeNewsletter = async (
  payload: Payload,
  input: NewsletterSignup,
  ip: string,
) => {
  const now = new Date().toISOString()
  const source = input.source || 'website'
  const { id } = await createUnique(
    payload,
    'newsletter-subscribers',
    {
      email: input.email,
      firstName: input.firstName || undefined,
      interests: input.interests ?? [],
      subscribedAt: now,
      consentTimestamp: now,
      consentIp: ip,
      consentSource: source,
      unsubscribeToken: randomBytes(24).toString('base64url'),
    },
    ALREADY_SUBSCRIBED,
  )
  await recordConsent(payload, {
    email: input.email,
    consentType: 'newsletter',
    ipAddress: ip,
    source,
    metadata: { interests: input.interests ?? [] },
  })
  return { id, email: input.email }
}
