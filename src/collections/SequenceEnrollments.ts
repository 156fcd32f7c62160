import type { CollectionConfig } from 'payload'

import { personalDataAccess } from '@/access'
import { createdAtField, emailField, statusField } from '@/fields'
import { ENROLLMENT_STATUSES } from '@/lib/constants'

export const SequenceEnrollments: CollectionConfig = {
  slug: 'sequence-enrollments',
  admin: {
    useAsTitle: 'email',
    group: 'Email',
    defaultColumns: ['email', 'sequence', 'currentStep', 'status', 'nextEmailAt'],
  },
  access: personalDataAccess,
  indexes: [{ fields: ['email', 'sequence'], unique: true }],
  fields: [
    emailField(),
    {
      name: 'sequence',
      type: 'relationship',
      relationTo: 'email-sequences',
      required: true,
      index: true,
    },
    { name: 'currentStep', type: 'number', defaultValue: 0 },
    statusField('status', ENROLLMENT_STATUSES, 'active'),
    createdAtField('enrolledAt'),
    { name: 'nextEmailAt', type: 'date', index: true },
    { name: 'completedAt', type: 'date' },
  ],
}
