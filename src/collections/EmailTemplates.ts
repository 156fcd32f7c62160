import type { CollectionConfig } from 'payload'

import { personalDataAccess } from '@/access'

export const EmailTemplates: CollectionConfig = {
  slug: 'email-templates',
  admin: {
    useAsTitle: 'name',
    group: 'Email',
    defaultColumns: ['name', 'sequence', 'stepOrder', 'delayHours'],
  },
  access: personalDataAccess,
  indexes: [{ fields: ['sequence', 'stepOrder'], unique: true }],
  fields: [
    { name: 'sequence', type: 'relationship', relationTo: 'email-sequences', index: true },
    { name: 'name', type: 'text', required: true },
    { name: 'subject', type: 'text', required: true },
    { name: 'htmlContent', type: 'textarea' },
    { name: 'textContent', type: 'textarea' },
    { name: 'delayHours', type: 'number', defaultValue: 0, min: 0 },
    { name: 'stepOrder', type: 'number', required: true, min: 0 },
    { name: 'isActive', type: 'checkbox', defaultValue: true },
  ],
}
