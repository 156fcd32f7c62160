import type { CollectionConfig } from 'payload'

import { personalDataAccess, secretFieldAccess } from '@/access'
import { emailField, statusField } from '@/fields'
import { EMAIL_FREQUENCIES } from '@/lib/constants'

export const EmailPreferences: CollectionConfig = {
  slug: 'email-preferences',
  admin: { useAsTitle: 'email', group: 'Email' },
  access: personalDataAccess,
  fields: [
    emailField({ unique: true }),
    { name: 'newsletterEnabled', type: 'checkbox', defaultValue: true },
    { name: 'promotionsEnabled', type: 'checkbox', defaultValue: true },
    { name: 'updatesEnabled', type: 'checkbox', defaultValue: true },
    { name: 'weeklyDigestEnabled', type: 'checkbox', defaultValue: true },
    statusField('frequency', EMAIL_FREQUENCIES, 'weekly'),
    { name: 'lastUpdated', type: 'date' },
    {
      name: 'unsubscribeToken',
      type: 'text',
      unique: true,
      access: secretFieldAccess,
      admin: { hidden: true },
    },
  ],
}
