import type { CollectionConfig } from 'payload'

import { personalDataAccess } from '@/access'
import { createdAtField, emailField, jsonField } from '@/fields'

/** The full suppression list: every address that must not receive mail, and why. */
export const EmailSuppressions: CollectionConfig = {
  slug: 'email-suppressions',
  admin: {
    useAsTitle: 'email',
    group: 'Email',
    defaultColumns: ['email', 'suppressionType', 'isActive', 'suppressedAt'],
  },
  access: personalDataAccess,
  fields: [
    emailField({ unique: true }),
    { name: 'suppressionType', type: 'text', required: true, index: true },
    { name: 'reason', type: 'text' },
    createdAtField('suppressedAt'),
    jsonField('eventData'),
    { name: 'source', type: 'text' },
    { name: 'isActive', type: 'checkbox', defaultValue: true, index: true },
    { name: 'notes', type: 'textarea' },
  ],
}
