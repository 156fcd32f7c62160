import type { CollectionConfig } from 'payload'

import { isAdmin, isFullAdmin, isFullAdminField } from '@/access'
import { validatePasswordStrength } from '@/services/password-policy'

export const Users: CollectionConfig = {
  slug: 'users',
  admin: { useAsTitle: 'username', group: 'System', defaultColumns: ['username', 'accessLevel'] },
  auth: {
    loginWithUsername: { allowEmailLogin: false, requireEmail: false, requireUsername: true },
    maxLoginAttempts: 5,
    lockTime: 15 * 60 * 1000,
    tokenExpiration: 8 * 60 * 60,
    cookies: {
      sameSite: 'Lax',
      secure: process.env.NODE_ENV === 'production' && process.env.SECURE_COOKIES !== 'false',
    },
  },
  access: {
    // Everyone signed in may read their own record; admins read all users.
    read: ({ req }) =>
      isAdmin({ req }) ? true : req.user ? { id: { equals: req.user.id } } : false,
    create: isFullAdmin,
    update: isFullAdmin,
    delete: isFullAdmin,
    unlock: isFullAdmin,
    admin: ({ req }) => Boolean(req.user),
  },
  hooks: {
    beforeValidate: [
      ({ data }) => {
        if (data && typeof data.password === 'string') validatePasswordStrength(data.password)
        return data
      },
    ],
  },
  fields: [
    {
      name: 'accessLevel',
      type: 'select',
      required: true,
      defaultValue: 'demo',
      options: [
        { label: 'Full access', value: 'full' },
        { label: 'Demo (read-only)', value: 'demo' },
        { label: 'Content editor', value: 'editor' },
      ],
      access: { create: isFullAdminField, update: isFullAdminField },
      saveToJWT: true,
    },
  ],
}
