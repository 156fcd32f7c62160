import type { Payload } from 'payload'
import type { z } from 'zod'

import type { parentEngagementSchema } from '@/schemas/parent-engagement'

import { createUnique } from './create-unique'
import { recordConsent } from './record-consent'
import { inTransaction } from './transaction'

export const ALREADY_CONNECTED =
  "You're already part of the journey! Watch your inbox for your guide."

export const submitParentEngagement = async (
  payload: Payload,
  input: z.output<typeof parentEngagementSchema>,
  ip: string,
) => {
  const source = input.source || 'parent_qr_connect'
  const { id } = await inTransaction(payload, async (tx) => {
    const entry = await createUnique(
      payload,
      'parent-engagements',
      {
        name: input.name,
        email: input.email,
        childAge: input.childAge,
        bookAttraction: input.bookAttraction,
        natureConnection: input.natureConnection,
        parentingValues: input.parentingValues,
        familyWish: input.familyWish,
        interests: input.interests ?? [],
        source,
        submittedAt: new Date().toISOString(),
      },
      ALREADY_CONNECTED,
      'email',
      tx,
    )
    await recordConsent(tx, {
      email: input.email,
      consentType: 'parent-engagement',
      ipAddress: ip,
      source,
      metadata: { interests: input.interests ?? [] },
    })
    return entry
  })
  return { id }
}
