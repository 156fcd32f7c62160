import type { CollectionConfig } from 'payload'

import { personalDataAccess } from '@/access'
import { jsonField, statusField } from '@/fields'
import { CAMPAIGN_STATUSES } from '@/lib/constants'

const total = (name: string) => ({ name, type: 'number' as const, defaultValue: 0, min: 0 })

export const Campaigns: CollectionConfig = {
  slug: 'campaigns',
  admin: {
    useAsTitle: 'name',
    group: 'Email',
    defaultColumns: ['name', 'status', 'sentAt', 'totalSent'],
  },
  access: personalDataAccess,
  fields: [
    { name: 'name', type: 'text', required: true },
    { name: 'subject', type: 'text' },
    { name: 'type', type: 'text' },
    statusField('status', CAMPAIGN_STATUSES, 'draft'),
    { name: 'sentAt', type: 'date', index: true },
    total('totalSent'),
    total('totalDelivered'),
    total('totalOpens'),
    total('totalClicks'),
    total('totalBounces'),
    total('totalUnsubscribes'),
    jsonField('metadata'),
  ],
}
