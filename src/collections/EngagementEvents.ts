import type { CollectionConfig } from 'payload'

import { personalDataAccess } from '@/access'
import { statusField } from '@/fields'
import { ENGAGEMENT_EVENT_TYPES } from '@/lib/constants'

/** Written by one plain insert per event (see services/record-engagement-event.ts). */
export const EngagementEvents: CollectionConfig = {
  slug: 'engagement-events',
  admin: {
    useAsTitle: 'eventType',
    group: 'Audience',
    defaultColumns: ['eventType', 'page', 'sessionId', 'createdAt'],
  },
  access: personalDataAccess,
  fields: [
    { name: 'email', type: 'email', index: true },
    statusField('eventType', ENGAGEMENT_EVENT_TYPES, 'page_view'),
    { name: 'eventData', type: 'textarea' },
    { name: 'page', type: 'text', index: true },
    { name: 'source', type: 'text' },
    { name: 'userAgent', type: 'text' },
    // Never the raw address: a hash salted per day (see lib/anonymize.ts).
    { name: 'ipHash', type: 'text' },
    { name: 'sessionId', type: 'text', index: true },
  ],
}
