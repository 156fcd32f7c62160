import type { CollectionConfig } from 'payload'

import { personalDataAccess, secretFieldAccess } from '@/access'
import { createdAtField, emailField, statusField, stringList } from '@/fields'
import { CONTACT_PRIORITIES, CONTACT_STATUSES } from '@/lib/constants'

export const ContactMessages: CollectionConfig = {
  slug: 'contact-messages',
  admin: {
    useAsTitle: 'subject',
    group: 'Audience',
    defaultColumns: ['name', 'email', 'subject', 'status', 'submittedAt'],
  },
  access: personalDataAccess,
  defaultSort: '-submittedAt',
  fields: [
    { name: 'name', type: 'text', required: true },
    emailField(),
    { name: 'subject', type: 'text', required: true },
    { name: 'message', type: 'textarea', required: true },
    createdAtField('submittedAt'),
    statusField('status', CONTACT_STATUSES, 'unread'),
    statusField('priority', CONTACT_PRIORITIES, 'normal'),
    { name: 'emailOpened', type: 'checkbox', defaultValue: false },
    stringList('tags'),
    // Hash of sender and text: the same message sent twice (double click, retry) is stored once.
    {
      name: 'submissionKey',
      type: 'text',
      unique: true,
      access: secretFieldAccess,
      admin: { hidden: true },
    },
  ],
}
