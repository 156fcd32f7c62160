import type { CollectionConfig } from 'payload'

import { personalDataAccess } from '@/access'
import { emailField } from '@/fields'

/** The simple suppression table of the specification: one row per suppressing event. */
export const SuppressedEmails: CollectionConfig = {
  slug: 'suppressed-emails',
  admin: {
    useAsTitle: 'email',
    group: 'Email',
    defaultColumns: ['email', 'type', 'reason', 'createdAt'],
  },
  access: personalDataAccess,
  fields: [
    emailField(),
    { name: 'type', type: 'text', required: true },
    { name: 'reason', type: 'text' },
    { name: 'source', type: 'text' },
  ],
}
