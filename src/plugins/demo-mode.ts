import {
  APIError,
  type CollectionAfterReadHook,
  type CollectionBeforeOperationHook,
  type CollectionConfig,
  type Config,
  type FlattenedField,
  type GlobalBeforeChangeHook,
  type Payload,
  type SanitizedCollectionConfig,
  type SanitizedConfig,
  type Where,
} from 'payload'

import { isDemoUser, isPersonalData } from '@/access'
import { maskPersonalData } from '@/lib/mask'
import { isAndOr } from '@/lib/where'

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

/** Every field path a query filters on (`where`, nested in and/or in any case) or sorts by. */
const queriedPaths = (args: { where?: Where; sort?: unknown; field?: unknown }): string[] => {
  const paths: string[] = []
  const walk = (where: unknown) => {
    if (!where || typeof where !== 'object') return
    for (const [key, value] of Object.entries(where)) {
      if (isAndOr(key) && Array.isArray(value)) value.forEach(walk)
      else paths.push(key)
    }
  }
  walk(args.where)
  const sorts = Array.isArray(args.sort) ? args.sort : args.sort ? [args.sort] : []
  for (const sort of sorts) if (typeof sort === 'string') paths.push(sort.replace(/^-/, ''))
  if (typeof args.field === 'string') paths.push(args.field)
  return paths
}

/** Collections whose free text a demo user may not compare: personal data, and the team's accounts. */
const isGuarded = (collection: SanitizedCollectionConfig) =>
  isPersonalData(collection) || collection.slug === 'users'

/**
 * Whether a query path ends, through any relationships on the way, on a field of a guarded
 * collection that holds free text (or on anything the path does not name as a known field).
 */
const comparesPersonalData = (payload: Payload, slug: string, path: string): boolean => {
  const configOf = (target: string) =>
    payload.collections[target as keyof typeof payload.collections]!.config
  const walk = (collection: SanitizedCollectionConfig, segments: string[]): boolean => {
    let fields: FlattenedField[] = collection.flattenedFields
    for (let i = 0; i < segments.length; i++) {
      const name = segments[i]!
      const last = i === segments.length - 1
      const field = fields.find((candidate) => candidate.name === name)
      if (!field) return !(last && ALWAYS_QUERYABLE.has(name)) && isGuarded(collection)
      if (last) return isGuarded(collection) && !QUERYABLE_TYPES.has(field.type)
      if (field.type === 'relationship' || field.type === 'upload') {
        // A polymorphic relationship is queried as `field.relationTo` or `field.value.…`.
        const polymorphic = Array.isArray(field.relationTo)
        const targets = polymorphic ? (field.relationTo as string[]) : [field.relationTo as string]
        const rest = segments.slice(i + 1)
        if (polymorphic && rest[0] === 'relationTo' && rest.length === 1) return false
        const next = polymorphic ? (rest[0] === 'value' ? rest.slice(1) : undefined) : rest
        if (!next) return targets.some((target) => isGuarded(configOf(target)))
        // `field.value` alone compares the related ids.
        if (next.length === 0) return false
        return targets.some((target) => walk(configOf(target), next))
      }
      if ('flattenedFields' in field) fields = field.flattenedFields
      else return isGuarded(collection)
    }
    return false
  }
  return walk(configOf(slug), path.split('.'))
}

/** Payload's own fields of a version row; the document's fields are under `version.`. */
const VERSION_FIELDS = new Set(['parent', 'latest', 'autosave', 'snapshot', 'publishedLocale'])

/**
 * A demo user reads personal data masked, so filtering or sorting by a field that holds it would
 * tell the value anyway (`email like 'jo%'`), on the collection itself or through a relationship
 * (`waitlistEntry.email` on the email log): every path is followed to the field it finally
 * compares, and only fields without free text may be compared.
 */
const refusePersonalQueries: CollectionBeforeOperationHook = ({
  args,
  collection,
  operation,
  req,
}) => {
  if (!isDemoUser(req.user) || !READ_OPERATIONS.has(operation)) return args
  const versions = operation === 'findVersions' || operation === 'countVersions'
  for (const queried of queriedPaths(args as Parameters<typeof queriedPaths>[0])) {
    if (versions && VERSION_FIELDS.has(queried)) continue
    const path = versions ? queried.replace(/^version\./, '') : queried
    if (comparesPersonalData(req.payload, collection.slug, path)) {
      throw new APIError(DEMO_SEARCH_MESSAGE, 403, undefined, true)
    }
  }
  return args
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
        refusePersonalQueries,
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
 * either (it keeps its own admin preferences, which Payload limits to the user's own), and queries
 * them by the same rules.
 */
export const demoModeInternals = (config: SanitizedConfig): SanitizedConfig => {
  for (const collection of config.collections) {
    const hooks = collection.hooks.beforeOperation ?? []
    if (hooks.includes(refusePersonalQueries)) continue
    const locks = collection.slug === 'payload-locked-documents' ? [refuseCollectionWrite] : []
    collection.hooks.beforeOperation = [...locks, refusePersonalQueries, ...hooks]
  }
  return config
}
