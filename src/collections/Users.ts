import { type CollectionConfig, NotFound, ValidationError } from 'payload'

import { isFullAdmin, isFullAdminField, isFullAdminUser } from '@/access'
import { clientIp } from '@/endpoints/http'
import { userAuthEndpoints } from '@/endpoints/admin/login'
import { validatePasswordStrength } from '@/lib/password-policy'
import { env } from '@/lib/env'
import { AppError } from '@/lib/errors'
import { INVALID_CREDENTIALS, signIn } from '@/services/admin/login'
import {
  checkSecondFactorAtSignIn,
  resetSecondFactor,
  SecondFactorNeeded,
} from '@/services/auth/second-factor'

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
    // No session without the second factor where one applies, at every door (decision 0210).
    beforeLogin: [checkSecondFactorAtSignIn],
    afterDelete: [({ doc, req }) => resetSecondFactor(req.payload, Number(doc.id))],
    beforeOperation: [
      ({ args, operation }) => {
        // The Local API's doors of the closed routes (see userAuthEndpoints).
        if (['forgotPassword', 'resetPassword', 'unlock'].includes(operation)) throw new NotFound()
        return args
      },
    ],
    beforeValidate: [
      async ({ data, operation, originalDoc, req }) => {
        if (!data || typeof data.password !== 'string') return data
        await validatePasswordStrength(data.password)
        const own =
          operation === 'update' &&
          req.user?.collection === 'users' &&
          String(req.user.id) === String(originalDoc?.id)
        if (own)
          await checkCurrentPassword(req, String(originalDoc?.username), data.currentPassword)
        return data
      },
    ],
  },
  fields: [
    {
      // Asked when users change their own password (REST, GraphQL, the account page); never stored.
      name: 'currentPassword',
      type: 'text',
      virtual: true,
      admin: {
        // Typed as a password: hidden as it is typed, never filled in by the browser.
        components: { Field: '@payloadcms/ui#PasswordField' },
        description: 'Needed to change your own password.',
        condition: (data, _sibling, { user }) => Boolean(user && data?.id === user.id),
      },
    },
    {
      // The account page's second factors (decision 0210); they live outside this collection.
      name: 'secondFactor',
      type: 'ui',
      admin: {
        components: {
          Field: '/components/admin/second-factor/SecondFactorSettings#SecondFactorSettings',
        },
        condition: (data, _sibling, { user }) => Boolean(user && data?.id === user.id),
      },
    },
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
    {
      // Sessions a person can see and end (decision 0216): one's own, or anyone's for a full admin.
      name: 'sessionList',
      type: 'ui',
      admin: {
        components: { Field: '/components/admin/account/SessionsField#SessionsField' },
        condition: (data, _sibling, { user }) =>
          Boolean(data?.id && user && (data.id === user.id || isFullAdminUser(user))),
      },
    },
  ],
}

/**
 * A signed-in user changing their own password proves they know the current one, through the
 * sign-in itself (Payload's password check, counted by the sign-in throttle). Payload then ends
 * the user's other sessions as it saves the new password, including the one this check opened.
 */
const checkCurrentPassword = async (
  req: Parameters<typeof clientIp>[0],
  username: string,
  currentPassword: unknown,
) => {
  const refuse = (message: string) =>
    new ValidationError({ errors: [{ message, path: 'currentPassword' }] })
  if (typeof currentPassword !== 'string' || currentPassword === '')
    throw refuse('Enter your current password to change it')
  try {
    await signIn(req.payload, { username, password: currentPassword }, clientIp(req))
  } catch (error) {
    // The password was right; its second step is not asked for (no session is opened).
    if (error instanceof SecondFactorNeeded) return
    if (error instanceof AppError && error.message === INVALID_CREDENTIALS)
      throw refuse('The current password is wrong')
    throw error
  }
}
