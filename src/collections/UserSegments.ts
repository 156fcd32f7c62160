import type { CollectionConfig } from 'payload'

import { personalDataAccess } from '@/access'
import { jsonField } from '@/fields'

export const UserSegments: CollectionConfig = {
  slug: 'user-segments',
  admin: { useAsTitle: 'name', group: 'Audience' },
  access: personalDataAccess,
  fields: [
    { name: 'name', type: 'text', required: true, unique: true },
    { name: 'description', type: 'textarea' },
    jsonField('rules'),
    { name: 'isActive', type: 'checkbox', defaultValue: true },
  ],
}
