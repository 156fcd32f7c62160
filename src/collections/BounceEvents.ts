import type { CollectionConfig } from 'payload'

import { personalDataAccess } from '@/access'
import { createdAtField, emailField, jsonField } from '@/fields'

export const BounceEvents: CollectionConfig = {
  slug: 'bounce-events',
  admin: {
    useAsTitle: 'email',
    group: 'Email',
    defaultColumns: ['email', 'bounceType', 'timestamp', 'processed'],
  },
  access: personalDataAccess,
  fields: [
    emailField(),
    { name: 'bounceType', type: 'text', required: true, index: true },
    { name: 'bounceSubType', type: 'text' },
    createdAtField('timestamp'),
    // A provider may deliver the same event twice; it is recorded once.
    { name: 'providerEventId', type: 'text', unique: true },
    { name: 'providerMessageId', type: 'text', index: true },
    { name: 'reason', type: 'text' },
    jsonField('eventData'),
    { name: 'processed', type: 'checkbox', defaultValue: false },
  ],
}
