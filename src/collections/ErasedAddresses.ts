import type { CollectionConfig } from 'payload'

import { internalAccess } from '@/access'

/**
 * What an erasure keeps of a person who had unsubscribed, bounced or complained: a salted hash of
 * the address (src/lib/anonymize.ts), so no bulk mail reaches it again
 * (docs/decisions/0112-one-person-export-and-erase.md). Read by the server only.
 */
export const ErasedAddresses: CollectionConfig = {
  slug: 'erased-addresses',
  admin: { hidden: true },
  access: internalAccess,
  graphQL: false,
  fields: [
    { name: 'addressHash', type: 'text', required: true, unique: true },
    { name: 'reason', type: 'text', required: true },
  ],
}
