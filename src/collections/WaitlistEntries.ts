import type { CollectionConfig } from 'payload'

import { personalDataAccess } from '@/access'
import { createdAtField, emailField, statusField, textList } from '@/fields'
import { DEFAULT_PRODUCT, PRODUCTS, WAITLIST_STATUSES } from '@/lib/constants'

export const WaitlistEntries: CollectionConfig = {
  slug: 'waitlist-entries',
  admin: {
    useAsTitle: 'email',
    group: 'Audience',
    defaultColumns: ['email', 'name', 'product', 'status', 'joinedAt'],
  },
  access: personalDataAccess,
  defaultSort: '-joinedAt',
  // One entry per person and product; concurrent duplicates collide here.
  indexes: [{ fields: ['email', 'product'], unique: true }],
  fields: [
    emailField(),
    { name: 'name', type: 'text', required: true },
    createdAtField('joinedAt'),
    statusField('product', PRODUCTS, DEFAULT_PRODUCT),
    statusField('status', WAITLIST_STATUSES, 'inactive'),
    textList('interests'),
    { name: 'referralSource', type: 'text', index: true },
    { name: 'emailOpened', type: 'checkbox', defaultValue: false },
    { name: 'lastEmailSent', type: 'date' },
  ],
}
