import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'

import { bare, consents } from '@/db'

import type { Transaction } from './transaction'

export type ConsentRecord = {
  email: string
  consentType: 'newsletter' | 'waitlist' | 'parent-engagement'
  ipAddress: string
  source: string
  metadata?: Record<string, unknown>
}

/**
 * Proof of consent, one plain insert: when, from which address, through which form. Written with
 * what it belongs to (in its transaction, or as a part of its statement: with `after`, the name
 * of an earlier expression of that statement, only when that one has a row), so the two are
 * stored together or not at all.
 */
export const consentInsert = (consent: ConsentRecord, after?: string): SQL => sql`
  INSERT INTO ${consents} (${bare(consents.email, consents.consentType, consents.granted, consents.grantedAt, consents.ipAddress, consents.source, consents.metadata)})
  SELECT ${consent.email}::text, ${consent.consentType}::text, true, now(),
    ${consent.ipAddress}::text,
    ${consent.source}::text, ${consent.metadata ? JSON.stringify(consent.metadata) : null}::jsonb
  ${after ? sql`FROM ${sql.identifier(after)}` : sql``}`

export const recordConsent = async (tx: Transaction, consent: ConsentRecord): Promise<void> => {
  await tx.db.execute(consentInsert(consent))
}
