import {
  APIError,
  type Config,
  type CollectionBeforeOperationHook,
  type GlobalBeforeChangeHook,
} from 'payload'

import { isDemoUser } from '@/access'

export const DEMO_WRITE_MESSAGE =
  'Demo mode is read-only. Full access available to authenticated users.'

const WRITE_OPERATIONS = new Set([
  'create',
  'update',
  'updateByID',
  'delete',
  'deleteByID',
  'restoreVersion',
  'autosave',
  'forgotPassword',
  'resetPassword',
  'unlock',
])

const refuseCollectionWrite: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (isDemoUser(req.user) && WRITE_OPERATIONS.has(operation))
    throw new APIError(DEMO_WRITE_MESSAGE, 403, undefined, true)
  return args
}

const refuseGlobalWrite: GlobalBeforeChangeHook = ({ data, req }) => {
  if (isDemoUser(req.user)) throw new APIError(DEMO_WRITE_MESSAGE, 403, undefined, true)
  return data
}

/**
 * Defence in depth behind the access functions: whatever a rule forgets, a demo user
 * never writes to any collection or global.
 */
export const demoGuard = (config: Config): Config => ({
  ...config,
  collections: (config.collections ?? []).map((collection) => ({
    ...collection,
    hooks: {
      ...collection.hooks,
      beforeOperation: [refuseCollectionWrite, ...(collection.hooks?.beforeOperation ?? [])],
    },
  })),
  globals: (config.globals ?? []).map((global) => ({
    ...global,
    hooks: {
      ...global.hooks,
      beforeChange: [refuseGlobalWrite, ...(global.hooks?.beforeChange ?? [])],
    },
  })),
})
