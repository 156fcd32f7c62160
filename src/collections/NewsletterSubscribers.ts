import type { CollectionConfig } from 'payload'

import { personalDataAccess, secretFieldAccess } from '@/access'
import { createdAtField, emailField, stringList } from '@/fields'

/** Written by plain SQL on the signup and email paths (docs/decisions/0115): a write hook here would not run there. */
export const NewsletterSubscribers: CollectionConfig = {
  slug: 'newsletter-subscribers',
  admin: {
    useAsTitle: 'email',
    group: 'Audience',
    defaultColumns: ['email', 'firstName', 'subscribedAt', 'doubleOptInConfirmed'],
  },
  access: personalDataAccess,
  defaultSort: '-subscribedAt',
  fields: [
    emailField({ unique: true }),
    { name: 'firstName', type: 'text' },
    createdAtField('subscribedAt'),
    stringList('interests'),
    { name: 'consentTimestamp', type: 'date' },
    { name: 'consentIp', type: 'text' },
    { name: 'consentSource', type: 'text', defaultValue: 'website' },
    { name: 'doubleOptInConfirmed', type: 'checkbox', defaultValue: false, index: true },
    {
      name: 'doubleOptInToken',
      type: 'text',
      index: true,
      access: secretFieldAccess,
      admin: { hidden: true },
    },
    { name: 'doubleOptInExpires', type: 'date' },
    // The stored token is a SHA-256 hash of the one in the link; these throttle resends.
    { name: 'confirmationSentAt', type: 'date' },
    { name: 'confirmedAt', type: 'date' },
    {
      name: 'unsubscribeToken',
      type: 'text',
      unique: true,
      access: secretFieldAccess,
      admin: { hidden: true },
    },
    stringList('emailPreferences', ['newsletter']),
  ],
}
