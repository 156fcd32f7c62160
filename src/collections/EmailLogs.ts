import type { CollectionConfig } from 'payload'

import { personalDataAccess } from '@/access'
import { createdAtField, emailField, statusField, stringList } from '@/fields'
import { EMAIL_STATUSES, EMAIL_TYPES } from '@/lib/constants'

/** Written by plain SQL on the signup and email paths (docs/decisions/0115): a write hook here would not run there. */
export const EmailLogs: CollectionConfig = {
  slug: 'email-logs',
  admin: {
    useAsTitle: 'subject',
    group: 'Email',
    defaultColumns: ['toEmail', 'subject', 'emailType', 'status', 'sentAt'],
  },
  access: personalDataAccess,
  defaultSort: '-sentAt',
  // A campaign reaches each address once, however often or wherever its job runs (decision 0118).
  indexes: [{ fields: ['campaign', 'toEmail'], unique: true }],
  fields: [
    emailField({ name: 'toEmail' }),
    emailField({ name: 'fromEmail' }),
    { name: 'subject', type: 'text', required: true },
    { name: 'message', type: 'textarea' },
    { name: 'htmlContent', type: 'textarea' },
    statusField('emailType', EMAIL_TYPES, 'reply'),
    createdAtField('sentAt'),
    statusField('status', EMAIL_STATUSES, 'sent'),
    { name: 'contact', type: 'relationship', relationTo: 'contact-messages', index: true },
    { name: 'waitlistEntry', type: 'relationship', relationTo: 'waitlist-entries', index: true },
    { name: 'aiGenerated', type: 'checkbox', defaultValue: false, index: true },
    { name: 'emailOpened', type: 'checkbox', defaultValue: false },
    stringList('tags'),
    { name: 'notes', type: 'textarea' },
    { name: 'providerMessageId', type: 'text', index: true },
    { name: 'sentBy', type: 'relationship', relationTo: 'users' },
    // Delivery (the sendEmail job): the Message-ID is fixed when queued, so a retried send is the
    // same message; claimedAt marks a send in progress (see docs/decisions/0010-email-delivery.md).
    { name: 'messageId', type: 'text', unique: true, admin: { readOnly: true } },
    { name: 'isBulk', type: 'checkbox', defaultValue: false },
    { name: 'campaign', type: 'relationship', relationTo: 'campaigns', index: true },
    { name: 'attempts', type: 'number', defaultValue: 0 },
    { name: 'claimedAt', type: 'date' },
    // A campaign message (docs/decisions/0200): the instance holding its claim, and when that
    // instance began the SMTP exchange (set before the send, cleared by nothing).
    { name: 'claimedBy', type: 'text', admin: { readOnly: true } },
    { name: 'sendingAt', type: 'date', admin: { readOnly: true } },
    { name: 'deliveredAt', type: 'date' },
    { name: 'lastError', type: 'text' },
    { name: 'skipReason', type: 'text' },
    // The complete message as built (headers, text and HTML) when no SMTP server is configured.
    { name: 'rawMessage', type: 'textarea', admin: { readOnly: true } },
  ],
}
