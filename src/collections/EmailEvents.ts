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
    // Of an open or a click, what the other events keep (decision 0111): browser, OS and device
    // type, never the User-Agent string; the IP only as a hash salted per day.
    { name: 'browser', type: 'text' },
    { name: 'os', type: 'text' },
    { name: 'deviceType', type: 'text' },
    { name: 'ipHash', type: 'text' },
    { name: 'url', type: 'text' },
    { name: 'reason', type: 'text' },
    jsonField('metadata'),
  ],
}
