import type { CollectionConfig } from 'payload'

import { personalDataAccess } from '@/access'
import { statusField } from '@/fields'
import { ANALYTICS_ACTIONS, ANALYTICS_CATEGORIES } from '@/lib/constants'

/** The hottest table: written by one plain insert per event (see services/analytics/record.ts). */
export const AnalyticsEvents: CollectionConfig = {
  slug: 'analytics-events',
  admin: {
    useAsTitle: 'action',
    group: 'Audience',
    defaultColumns: ['action', 'category', 'label', 'page', 'timestamp'],
  },
  access: personalDataAccess,
  defaultSort: '-timestamp',
  fields: [
    statusField('action', ANALYTICS_ACTIONS, 'click'),
    statusField('category', ANALYTICS_CATEGORIES, 'navigation'),
    { name: 'label', type: 'text', index: true },
    { name: 'value', type: 'number' },
    { name: 'page', type: 'text', index: true },
    { name: 'timestamp', type: 'date', index: true },
    // What is kept of the browser (decision 0111): never the User-Agent string itself.
    { name: 'browser', type: 'text' },
    { name: 'os', type: 'text' },
    { name: 'deviceType', type: 'text', index: true },
    { name: 'sessionId', type: 'text', index: true },
    { name: 'ipHash', type: 'text' },
  ],
}
