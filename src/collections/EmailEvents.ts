import type { CollectionConfig } from 'payload'

import { personalDataAccess } from '@/access'
import { createdAtField, emailField, jsonField } from '@/fields'

export const EmailEvents: CollectionConfig = {
  slug: 'email-events',
  admin: {
    useAsTitle: 'email',
    group: 'Email',
    defaultColumns: ['email', 'eventType', 'timestamp'],
  },
  access: personalDataAccess,
  fields: [
    { name: 'campaign', type: 'relationship', relationTo: 'campaigns', index: true },
    emailField(),
    { name: 'eventType', type: 'text', required: true, index: true },
    createdAtField('timestamp'),
    { name: 'providerEventId', type: 'text', unique: true },
    { name: 'userAgent', type: 'text' },
    { name: 'ipAddress', type: 'text' },
    { name: 'url', type: 'text' },
    { name: 'reason', type: 'text' },
    jsonField('metadata'),
  ],
}
