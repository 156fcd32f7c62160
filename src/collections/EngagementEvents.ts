import type { CollectionConfig } from 'payload'

import { personalDataAccess } from '@/access'
import { statusField } from '@/fields'
import { ENGAGEMENT_EVENT_TYPES } from '@/lib/constants'

/** Written by one plain insert per event (see services/analytics/record.ts). */
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
    // What is kept of the browser (decision 0111): never the User-Agent string itself.
    { name: 'browser', type: 'text' },
    { name: 'os', type: 'text' },
    { name: 'deviceType', type: 'text', index: true },
    // Where a page view came from: another site's host and the link's UTM tags.
    { name: 'referrerHost', type: 'text', index: true },
    { name: 'utmSource', type: 'text' },
    { name: 'utmMedium', type: 'text' },
    { name: 'utmCampaign', type: 'text', index: true },
    // Never the raw address: a hash salted per day (see lib/anonymize.ts).
    { name: 'ipHash', type: 'text' },
    { name: 'sessionId', type: 'text', index: true },
  ],
}
