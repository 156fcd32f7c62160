import type { Payload } from 'payload'
import type { z } from 'zod'

import type { parentEngagementSchema } from '@/schemas/parent-engagement'

import { createUnique } from './create-unique'
import { recordConsent } from './record-consent'

export const ALREADY_CONNECTED =
  "You're already part of the journey! Watch your inbox for your guide."

export const submitParentEngagement = async (
  payload: Payload,
  input: z.output<typeof parentEngagementSchema>,
  ip: string,
) => {
  const source = input.source || 'parent_qr_connect'
  const { id } = await createUnique(
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
  )
  await recordConsent(payload, {
    email: input.email,
    consentType: 'parent-engagement',
    ipAddress: ip,
    source,
    metadata: { interests: input.interests ?? [] },
  })
  return { id }
}
