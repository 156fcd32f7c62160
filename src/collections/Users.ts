import { type CollectionConfig, NotFound } from 'payload'

import { isFullAdmin, isFullAdminField, isFullAdminUser } from '@/access'
import { userAuthEndpoints } from '@/endpoints/admin/login'
import { validatePasswordStrength } from '@/lib/password-policy'
import { env } from '@/lib/env'

export const Users: CollectionConfig = {
  slug: 'users',
  admin: { useAsTitle: 'username', group: 'System', defaultColumns: ['username', 'accessLevel'] },
  auth: {
    loginWithUsername: { allowEmailLogin: false, requireEmail: false, requireUsername: true },
    // No lock on the account itself, which anyone could set off: sign-in attempts are throttled
    // per address and per account before the password is checked (services/admin/login.ts).
    maxLoginAttempts: 0,
    tokenExpiration: 8 * 60 * 60,
    cookies: {
      sameSite: 'Lax',
      secure: env().NODE_ENV === 'production' && env().SECURE_COOKIES !== 'false',
    },
  },
  access: {
    // Everyone signed in may read their own record; full admins read the team.
    read: ({ req }) =>
      isFullAdminUser(req.user) ? true : req.user ? { id: { equals: req.user.id } } : false,
    create: isFullAdmin,
    update: isFullAdmin,
    delete: isFullAdmin,
    unlock: isFullAdmin,
    admin: ({ req }) => Boolean(req.user),
  },
  endpoints: userAuthEndpoints,
  hooks: {
    beforeOperation: [
      ({ args, operation }) => {
        // The Local API's doors of the closed routes (see userAuthEndpoints).
        if (['forgotPassword', 'resetPassword', 'unlock'].includes(operation)) throw new NotFound()
        return args
      },
    ],
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
