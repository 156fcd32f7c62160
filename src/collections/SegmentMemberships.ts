import type { CollectionConfig } from 'payload'

import { personalDataAccess } from '@/access'
import { createdAtField, emailField } from '@/fields'

export const SegmentMemberships: CollectionConfig = {
  slug: 'segment-memberships',
  admin: { useAsTitle: 'email', group: 'Audience' },
  access: personalDataAccess,
  indexes: [{ fields: ['email', 'segment'], unique: true }],
  fields: [
    emailField(),
    {
      name: 'segment',
      type: 'relationship',
      relationTo: 'user-segments',
      required: true,
      index: true,
    },
    createdAtField('addedAt'),
    { name: 'removedAt', type: 'date' },
    { name: 'isActive', type: 'checkbox', defaultValue: true },
  ],
}
