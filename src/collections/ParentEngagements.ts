import type { CollectionConfig } from 'payload'

import { personalDataAccess } from '@/access'
import { createdAtField, emailField, statusField, stringList } from '@/fields'
import { CHILD_AGES } from '@/lib/constants'

export const ParentEngagements: CollectionConfig = {
  slug: 'parent-engagements',
  admin: {
    useAsTitle: 'email',
    group: 'Audience',
    defaultColumns: ['name', 'email', 'childAge', 'submittedAt'],
  },
  access: personalDataAccess,
  defaultSort: '-submittedAt',
  fields: [
    { name: 'name', type: 'text', required: true },
    emailField({ unique: true }),
    statusField('childAge', CHILD_AGES, 'multiple', { defaultValue: undefined }),
    { name: 'bookAttraction', type: 'text' },
    { name: 'natureConnection', type: 'text' },
    { name: 'parentingValues', type: 'text' },
    { name: 'familyWish', type: 'textarea' },
    stringList('interests'),
    { name: 'source', type: 'text', defaultValue: 'parent_qr_connect' },
    createdAtField('submittedAt'),
  ],
}
