import type { CollectionConfig } from 'payload'

import { personalDataAccess } from '@/access'
import { statusField } from '@/fields'
import { ENGAGEMENT_EVENT_TYPES } from '@/lib/constants'

/**
 * Written by one plain insert per event (see services/analytics/record.ts). Every figure of the
 * dashboard is read from the hourly and daily rollups (decision 0195), never by filtering these
 * rows: the only indexes are the ones a query uses (the id, createdAt for retention and the
 * rollups' hour edges, the address for one person's export and erasure).
 */
export const EngagementEvents: CollectionConfig = {
  slug: 'engagement-events',
  admin: {
    useAsTitle: 'eventType',
    group: 'Audience',
    defaultColumns: ['eventType', 'page', 'sessionId', 'createdAt'],
  },
  access: personalDataAccess,
  // Stored in one partition a UTC day (decision 0195): no foreign key can point at an event, and
  // events are never edited, so no document locks.
  lockDocuments: false,
  fields: [
    { name: 'email', type: 'email', index: true },
    statusField('eventType', ENGAGEMENT_EVENT_TYPES, 'page_view', { index: false }),
    { name: 'eventData', type: 'textarea' },
    { name: 'page', type: 'text' },
    { name: 'source', type: 'text' },
    // What is kept of the browser (decision 0111): never the User-Agent string itself.
    { name: 'browser', type: 'text' },
    { name: 'os', type: 'text' },
    { name: 'deviceType', type: 'text' },
    // Where a page view came from: another site's host and the link's UTM tags.
    { name: 'referrerHost', type: 'text' },
    { name: 'utmSource', type: 'text' },
    { name: 'utmMedium', type: 'text' },
    { name: 'utmCampaign', type: 'text' },
    // Never the raw address: a hash salted per day (see lib/anonymize.ts).
    { name: 'ipHash', type: 'text' },
    { name: 'sessionId', type: 'text' },
  ],
}
