import type { Payload } from 'payload'

import type { Transaction } from './transaction'

export type ConsentRecord = {
  email: string
  consentType: 'newsletter' | 'waitlist' | 'parent-engagement'
  ipAddress: string
  source: string
  metadata?: Record<string, unknown>
}

/**
 * Proof of consent, one plain insert: when, from which address, through which form. Written in
 * the transaction of what it belongs to, so the two are stored together or not at all.
 */
export const recordConsent = async (
  payload: Payload,
  tx: Transaction,
  consent: ConsentRecord,
): Promise<void> => {
  const now = new Date().toISOString()
  await tx.db.insert(payload.db.tables.consents).values({
    email: consent.email,
    consentType: consent.consentType,
    granted: true,
    grantedAt: now,
    ipAddress: consent.ipAddress,
    source: consent.source,
    metadata: consent.metadata ?? null,
    createdAt: now,
    updatedAt: now,
  })
}
