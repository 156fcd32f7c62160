import type { CollectionConfig } from 'payload'

import { personalDataAccess } from '@/access'

export const EmailSequences: CollectionConfig = {
  slug: 'email-sequences',
  admin: { useAsTitle: 'name', group: 'Email' },
  access: personalDataAccess,
  fields: [
    { name: 'name', type: 'text', required: true, unique: true },
    { name: 'description', type: 'textarea' },
    { name: 'category', type: 'text', index: true },
    { name: 'isActive', type: 'checkbox', defaultValue: true },
  ],
}
