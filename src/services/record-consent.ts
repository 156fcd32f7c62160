import type { Payload } from 'payload'

export type ConsentRecord = {
  email: string
  consentType: 'newsletter' | 'waitlist' | 'parent-engagement'
  ipAddress: string
  source: string
  metadata?: Record<string, unknown>
}

/** Proof of consent, one plain insert: when, from which address, through which form. */
export const recordConsent = async (payload: Payload, consent: ConsentRecord): Promise<void> => {
  const now = new Date().toISOString()
  await payload.db.drizzle.insert(payload.db.tables.consents).values({
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
