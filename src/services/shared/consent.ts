import { SQL, sql } from '@payloadcms/db-postgres/drizzle'

import { bare, consents } from '@/db'

import type { Transaction } from './transaction'

export type ConsentRecord = {
  email: string
  consentType: 'newsletter' | 'waitlist' | 'parent-engagement'
  ipAddress: string
  source: string
  metadata?: Record<string, unknown>
}

/** A consent's values, or expressions of the statement that writes it (one row of `after`'s). */
type ConsentValues = { [K in keyof ConsentRecord]: ConsentRecord[K] | SQL }

/**
 * Proof of consent, one plain insert: when, from which address, through which form. Written with
 * what it belongs to (in its transaction, or as a part of its statement: with `after`, the name
 * of an earlier expression of that statement, one consent for each of its rows), so the two are
 * stored together or not at all.
 */
export const consentInsert = (consent: ConsentValues, after?: string): SQL => {
  const { metadata } = consent
  const json = metadata instanceof SQL ? metadata : metadata ? JSON.stringify(metadata) : null
  return sql`
  INSERT INTO ${consents} (${bare(consents.email, consents.consentType, consents.granted, consents.grantedAt, consents.ipAddress, consents.source, consents.metadata)})
  SELECT ${consent.email}::text, ${consent.consentType}::text, true, now(),
    ${consent.ipAddress}::text, ${consent.source}::text, ${json}::jsonb
  ${after ? sql`FROM ${sql.identifier(after)}` : sql``}`
}

export const recordConsent = async (tx: Transaction, consent: ConsentRecord): Promise<void> => {
  await tx.db.execute(consentInsert(consent))
}
