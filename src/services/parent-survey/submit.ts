import type { Payload } from 'payload'
import type { z } from 'zod'

import type { parentEngagementSchema } from '@/schemas/parent-engagement'

import { AppError } from '@/lib/errors'

import { createUnique } from '../shared/create-unique'
import { recordConsent } from '../shared/consent'
import { inTransaction } from '../shared/transaction'

const ALREADY_CONNECTED = 'This address has already sent the survey.'

/**
 * One survey per address (a unique index). A second one from the same address gets the same
 * answer as a first, and changes nothing: the form tells no one which addresses are known
 * (decision 0163).
 */
export const submitParentEngagement = async (
  payload: Payload,
  input: z.output<typeof parentEngagementSchema>,
  ip: string,
) => {
  const source = input.source || 'parent_qr_connect'
  await inTransaction(payload, async (tx) => {
    await createUnique(
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
  }).catch((error: unknown) => {
    if (!(error instanceof AppError && error.status === 409)) throw error
  })
}
