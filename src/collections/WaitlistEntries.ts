import type { CollectionConfig } from 'payload'

import { personalDataAccess } from '@/access'
import { createdAtField, emailField, statusField, stringList } from '@/fields'
import { DEFAULT_PRODUCT, PRODUCTS, WAITLIST_STATUSES } from '@/lib/constants'

/** Written by plain SQL on the signup and email paths (docs/decisions/0115): a write hook here would not run there. */
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
    stringList('interests'),
    { name: 'referralSource', type: 'text', index: true },
    { name: 'emailOpened', type: 'checkbox', defaultValue: false },
    { name: 'lastEmailSent', type: 'date' },
  ],
}
