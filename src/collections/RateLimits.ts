import type { CollectionConfig } from 'payload'

import { internalAccess } from '@/access'

/** Fixed-window request counters per route and client, shared by every app instance. */
export const RateLimits: CollectionConfig = {
  slug: 'rate-limits',
  admin: { hidden: true },
  access: internalAccess,
  graphQL: false,
  fields: [
    { name: 'key', type: 'text', required: true, unique: true },
    { name: 'windowStart', type: 'date', required: true },
    { name: 'count', type: 'number', required: true, defaultValue: 0 },
  ],
}
