import type { CollectionConfig } from 'payload'

import { personalDataAccess } from '@/access'
import { createdAtField, emailField, jsonField } from '@/fields'

/**
 * Proof of consent: what a person agreed to, when, from where. Kept as given; never edited.
 * Written by plain SQL on the signup and email paths (docs/decisions/0115): a write hook here would not run there.
 */
export const Consents: CollectionConfig = {
  slug: 'consents',
  admin: {
    useAsTitle: 'email',
    group: 'Audience',
    defaultColumns: ['email', 'consentType', 'granted', 'grantedAt', 'source'],
  },
  access: personalDataAccess,
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users' },
    emailField(),
    { name: 'consentType', type: 'text', required: true, index: true },
    { name: 'granted', type: 'checkbox', defaultValue: true },
    createdAtField('grantedAt'),
    { name: 'ipAddress', type: 'text' },
    { name: 'source', type: 'text' },
    jsonField('metadata'),
  ],
}
