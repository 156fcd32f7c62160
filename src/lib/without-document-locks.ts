import type { Config } from 'payload'

/**
 * Payload's document locking checks for locks with a query outside the saving transaction. The
 * embedded database runs one transaction at a time, so that query would wait forever; locking is off
 * everywhere so both databases share one schema (docs/decisions/0002-embedded-database.md).
 */
export const withoutDocumentLocks = (config: Config): Config => ({
  ...config,
  collections: config.collections?.map((collection) => ({ ...collection, lockDocuments: false })),
  globals: config.globals?.map((global) => ({ ...global, lockDocuments: false })),
})
