import type { CollectionConfig } from 'payload'

import { isFullAdmin, isFullAdminUser, nobody } from '@/access'
import { createdAtField } from '@/fields'
import type { User } from '@/payload-types'

/**
 * Who changed a status, exported, replied or sent, and when. Written only by the admin services
 * (Local API with overrideAccess); never writable over REST or GraphQL; read by full admins only.
 */
export const AuditLogs: CollectionConfig = {
  slug: 'audit-logs',
  admin: {
    useAsTitle: 'action',
    group: 'System',
    defaultColumns: ['at', 'username', 'action', 'targetCollection', 'targetId'],
    hidden: ({ user }) => !isFullAdminUser(user as unknown as User),
  },
  access: {
    read: isFullAdmin,
    create: nobody,
    update: nobody,
    delete: nobody,
    unlock: nobody,
    readVersions: nobody,
  },
  defaultSort: '-at',
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', index: true },
    // Kept as written: the entry still says who it was if the user is deleted or renamed.
    { name: 'username', type: 'text', required: true },
    { name: 'action', type: 'text', required: true, index: true },
    { name: 'targetCollection', type: 'text', index: true },
    { name: 'targetId', type: 'text' },
    { name: 'details', type: 'json' },
    createdAtField('at'),
  ],
}
