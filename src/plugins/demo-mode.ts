import {
  APIError,
  type CollectionAfterReadHook,
  type CollectionBeforeOperationHook,
  type CollectionConfig,
  type Config,
  type Field,
  type GlobalBeforeChangeHook,
  type SanitizedConfig,
  type Where,
} from 'payload'

import { isDemoUser, isPersonalData } from '@/access'
import { maskPersonalData } from '@/lib/mask'

export const DEMO_WRITE_MESSAGE =
  'Demo mode is read-only. Full access available to authenticated users.'
/** A search would tell a demo user whether an address or name is in the data, masked or not. */
export const DEMO_SEARCH_MESSAGE = 'Searching personal data is disabled in demo mode.'

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
const READ_OPERATIONS = new Set(['read', 'count', 'readDistinct', 'findVersions', 'countVersions'])
/** Field types a demo user may filter and sort personal data by: none of them holds free text. */
const QUERYABLE_TYPES = new Set(['checkbox', 'date', 'number', 'relationship', 'select'])
const ALWAYS_QUERYABLE = new Set(['id', 'createdAt', 'updatedAt'])

const refuseCollectionWrite: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (isDemoUser(req.user) && WRITE_OPERATIONS.has(operation))
    throw new APIError(DEMO_WRITE_MESSAGE, 403, undefined, true)
  return args
}

const refuseGlobalWrite: GlobalBeforeChangeHook = ({ data, req }) => {
  if (isDemoUser(req.user)) throw new APIError(DEMO_WRITE_MESSAGE, 403, undefined, true)
  return data
}

/** Every field path a query filters on (`where`, nested in and/or) or sorts by. */
const queriedPaths = (args: { where?: Where; sort?: unknown; field?: unknown }): string[] => {
  const paths: string[] = []
  const walk = (where: unknown) => {
    if (!where || typeof where !== 'object') return
    for (const [key, value] of Object.entries(where)) {
      if ((key === 'and' || key === 'or') && Array.isArray(value)) value.forEach(walk)
      else paths.push(key)
    }
  }
  walk(args.where)
  const sorts = Array.isArray(args.sort) ? args.sort : args.sort ? [args.sort] : []
  for (const sort of sorts) if (typeof sort === 'string') paths.push(sort.replace(/^-/, ''))
  if (typeof args.field === 'string') paths.push(args.field)
  return paths
}

/**
 * A demo user reads personal data masked, so filtering or sorting by a field that holds it would
 * tell the value anyway (`email like 'jo%'`): only fields without free text may be queried.
 */
const refusePersonalQueries = (fields: Field[]): CollectionBeforeOperationHook => {
  // Field types by name: read once from the configuration, not per query.
  const types = new Map(
    fields.flatMap((field) => ('name' in field ? [[field.name, field.type] as const] : [])),
  )
  return ({ args, operation, req }) => {
    if (!isDemoUser(req.user) || !READ_OPERATIONS.has(operation)) return args
    for (const path of queriedPaths(args as Parameters<typeof queriedPaths>[0])) {
      const [name] = path.split('.')
      if (ALWAYS_QUERYABLE.has(name!) && !path.includes('.')) continue
      if (!QUERYABLE_TYPES.has(types.get(name!) ?? '')) {
        throw new APIError(DEMO_SEARCH_MESSAGE, 403, undefined, true)
      }
    }
    return args
  }
}

/** What a demo user receives through any door (REST, the admin's own pages, the Local API with the user). */
const maskForDemo: CollectionAfterReadHook = ({ doc, req }) =>
  isDemoUser(req.user) ? maskPersonalData(doc) : doc

const withDemoMode = (collection: CollectionConfig): CollectionConfig => {
  const personal = isPersonalData(collection)
  const hooks = collection.hooks ?? {}
  return {
    ...collection,
    hooks: {
      ...hooks,
      beforeOperation: [
        refuseCollectionWrite,
        ...(personal ? [refusePersonalQueries(collection.fields)] : []),
        ...(hooks.beforeOperation ?? []),
      ],
      afterRead: [...(hooks.afterRead ?? []), ...(personal ? [maskForDemo] : [])],
    },
  }
}

/**
 * Demo mode (decision 0031), where Payload enforces access, so every door answers alike: a demo
 * user never writes to any collection or global, reads personal data masked, and cannot filter or
 * sort it by fields that hold it.
 */
export const demoMode = (config: Config): Config => ({
  ...config,
  collections: (config.collections ?? []).map(withDemoMode),
  globals: (config.globals ?? []).map((global) => ({
    ...global,
    hooks: {
      ...global.hooks,
      beforeChange: [refuseGlobalWrite, ...(global.hooks?.beforeChange ?? [])],
    },
  })),
})

/**
 * Payload's own collections, added after the plugins run: a demo user takes no document locks
 * either (it keeps its own admin preferences, which Payload limits to the user's own).
 */
export const demoModeInternals = (config: SanitizedConfig): SanitizedConfig => {
  const locks = config.collections.find(({ slug }) => slug === 'payload-locked-documents')
  if (locks)
    locks.hooks.beforeOperation = [refuseCollectionWrite, ...(locks.hooks.beforeOperation ?? [])]
  return config
}
