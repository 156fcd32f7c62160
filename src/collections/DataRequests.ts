import type { CollectionConfig } from 'payload'

import { internalAccess } from '@/access'
import { emailField } from '@/fields'

/**
 * A visitor's request for a copy of their data or for its erasure, made from the preferences page
 * and confirmed by the link emailed to the address (docs/decisions/0112). Only the SHA-256 of the
 * link's token is stored; the request holds the address, so erasing the person removes it too.
 */
export const DataRequests: CollectionConfig = {
  slug: 'data-requests',
  admin: { hidden: true },
  access: internalAccess,
  graphQL: false,
  fields: [
    emailField(),
    {
      name: 'kind',
      type: 'select',
      required: true,
      options: [
        { label: 'Export', value: 'export' },
        { label: 'Erase', value: 'erase' },
      ],
    },
    { name: 'tokenHash', type: 'text', required: true, unique: true },
    { name: 'expiresAt', type: 'date', required: true },
  ],
}
