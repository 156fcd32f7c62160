import type { CollectionConfig } from 'payload'

import { internalAccess } from '@/access'
import { emailField, jsonField, stringList } from '@/fields'

export const IMPORT_STATUSES = ['previewed', 'queued', 'running', 'done', 'failed'] as const

/**
 * One CSV import of newsletter subscribers (docs/decisions/0123): the preview's counts, who
 * confirmed the people's consent and when, and the job's progress. It holds no address (the
 * preview's invalid rows name the row and field only); the rows to import wait in
 * newsletter-import-rows. Read and written by the admin import endpoints only.
 */
export const NewsletterImports: CollectionConfig = {
  slug: 'newsletter-imports',
  admin: { hidden: true },
  access: internalAccess,
  graphQL: false,
  fields: [
    { name: 'createdBy', type: 'relationship', relationTo: 'users' },
    { name: 'username', type: 'text', required: true },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'previewed',
      index: true,
      options: IMPORT_STATUSES.map((value) => ({ label: value, value })),
    },
    { name: 'valid', type: 'number', defaultValue: 0 },
    { name: 'duplicate', type: 'number', defaultValue: 0 },
    { name: 'invalid', type: 'number', defaultValue: 0 },
    jsonField('invalidRows'),
    /** Rows to import: valid and not duplicates at preview time. */
    { name: 'total', type: 'number', defaultValue: 0 },
    { name: 'processed', type: 'number', defaultValue: 0 },
    { name: 'inserted', type: 'number', defaultValue: 0 },
    { name: 'skipped', type: 'number', defaultValue: 0 },
    /** The last staged row done: a restarted job continues after it. */
    { name: 'cursor', type: 'number', defaultValue: 0 },
    { name: 'alreadyConfirmed', type: 'checkbox', defaultValue: false },
    { name: 'consentConfirmedBy', type: 'text' },
    { name: 'consentConfirmedAt', type: 'date' },
    { name: 'consentIp', type: 'text' },
    { name: 'finishedAt', type: 'date' },
  ],
}

/**
 * A row of an import waiting for its job (validated and normalised at preview). Deleted when the
 * import is done, or a day after a preview that was never started. Holds an address, so one
 * person's export and erasure (docs/decisions/0112) cover it.
 */
export const NewsletterImportRows: CollectionConfig = {
  slug: 'newsletter-import-rows',
  admin: { hidden: true },
  access: internalAccess,
  graphQL: false,
  // An address repeated in the file is staged once (the insert skips the repeat and counts it).
  indexes: [{ fields: ['import', 'email'], unique: true }],
  fields: [
    {
      name: 'import',
      type: 'relationship',
      relationTo: 'newsletter-imports',
      required: true,
      index: true,
    },
    { name: 'rowNumber', type: 'number', required: true },
    emailField(),
    { name: 'firstName', type: 'text' },
    stringList('interests'),
  ],
}
