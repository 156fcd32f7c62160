import type { CollectionConfig } from 'payload'

import { personalDataAccess } from '@/access'

const count = (name: string) => ({ name, type: 'number' as const, defaultValue: 0, min: 0 })
// Stored as numeric(5,2): see the schema hook in payload.config.ts.
const rate = (name: string) => ({ name, type: 'number' as const, min: 0, max: 100 })

export const DeliverabilityMetrics: CollectionConfig = {
  slug: 'deliverability-metrics',
  admin: {
    useAsTitle: 'date',
    group: 'Email',
    defaultColumns: ['date', 'totalSent', 'deliveryRate', 'bounceRate'],
  },
  access: personalDataAccess,
  defaultSort: '-date',
  fields: [
    {
      name: 'date',
      type: 'date',
      required: true,
      unique: true,
      admin: { date: { pickerAppearance: 'dayOnly' } },
    },
    count('totalSent'),
    count('totalDelivered'),
    count('totalBounced'),
    count('totalSpam'),
    count('totalUnsubscribed'),
    rate('deliveryRate'),
    rate('bounceRate'),
    rate('spamRate'),
    { name: 'reputationScore', type: 'number' },
  ],
}
