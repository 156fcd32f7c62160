import {
  type AfterErrorHook,
  type CollectionBeforeOperationHook,
  type FlattenedField,
  type Payload,
  type SanitizedCollectionConfig,
  type SanitizedConfig,
  ValidationError,
} from 'payload'

import { conditionsOf, operatorProblem, type QueryTarget } from '@/lib/where'

/** Operations that take a where: every read, and updates and deletes of many documents. */
const QUERY_OPERATIONS = new Set([
  'read',
  'count',
  'readDistinct',
  'findVersions',
  'countVersions',
  'update',
  'delete',
])
/** Payload's own fields of a version row; the document's fields are under `version.`. */
const VERSION_FIELDS = new Set(['parent', 'latest', 'autosave', 'snapshot', 'publishedLocale'])

/**
 * The field a query path ends on, following relationships (`coverImage.filename`) and groups, or
 * undefined where the path names nothing known (Payload answers those with its own 400).
 */
const targetOf = (payload: Payload, slug: string, path: string): QueryTarget | undefined => {
  const walk = (
    collection: SanitizedCollectionConfig,
    segments: string[],
  ): QueryTarget | undefined => {
    let fields: FlattenedField[] = collection.flattenedFields
    for (let i = 0; i < segments.length; i++) {
      const name = segments[i]!
      const rest = segments.slice(i + 1)
      const field = fields.find((candidate) => candidate.name === name)
      if (!field) return name === 'id' && rest.length === 0 ? { type: 'number' } : undefined
      const hasMany = 'hasMany' in field && field.hasMany === true
      if (field.type === 'relationship' || field.type === 'upload') {
        const polymorphic = Array.isArray(field.relationTo)
        const targets = (polymorphic ? field.relationTo : [field.relationTo]) as string[]
        if (rest.length === 0)
          return { type: field.type, hasMany, ...(polymorphic && { polymorphic: targets }) }
        if (polymorphic && rest[0] === 'relationTo') return { type: 'select' }
        const next = polymorphic ? (rest[0] === 'value' ? rest.slice(1) : undefined) : rest
        if (!next) return undefined
        if (next.length === 0) return { type: polymorphic ? 'relationValue' : field.type, hasMany }
        const related = payload.collections[targets[0] as keyof typeof payload.collections]
        return related ? walk(related.config, next) : undefined
      }
      if (rest.length === 0) return { type: field.type, hasMany }
      if (field.type === 'json' || field.type === 'richText') return { type: 'jsonPath' }
      if (!('flattenedFields' in field)) return undefined
      fields = field.flattenedFields
    }
    return undefined
  }
  return walk(
    payload.collections[slug as keyof typeof payload.collections]!.config,
    path.split('.'),
  )
}

/**
 * Every where, through every door (REST, the admin's lists, the Local API), is checked before the
 * database sees it: an operator the field's type cannot take (`near` on text, `like` on a date,
 * `all` anywhere) is a 400 naming the condition, not a failed query.
 */
export const checkWhere: CollectionBeforeOperationHook = ({ args, collection, operation, req }) => {
  if (!QUERY_OPERATIONS.has(operation)) return args
  const where = (args as { where?: unknown }).where
  const versions = operation === 'findVersions' || operation === 'countVersions'
  const { conditions, problems } = conditionsOf(where)
  for (const { at, path, operator, value } of conditions) {
    if (versions && VERSION_FIELDS.has(path)) continue
    const target = targetOf(
      req.payload,
      collection.slug,
      versions ? path.replace(/^version\./, '') : path,
    )
    const message = target && operatorProblem(target, operator, value)
    if (message) problems.push({ path: at, message })
  }
  if (problems.length) throw new ValidationError({ collection: collection.slug, errors: problems })
  return args
}

/** The check on every collection, Payload's own and the plugins' included. */
export const validQueries = (config: SanitizedConfig): SanitizedConfig => {
  for (const collection of config.collections) {
    const hooks = collection.hooks.beforeOperation ?? []
    if (!hooks.includes(checkWhere)) collection.hooks.beforeOperation = [...hooks, checkWhere]
  }
  return config
}

/** Query parameters Payload parses as JSON before any hook runs. */
const JSON_PARAMS = ['where', 'data'] as const

/**
 * `?where=abc`: Payload's REST handlers parse a string where (or data) as JSON before any hook,
 * and answered 500 when it is not JSON. Answered here as the 400 the check above gives.
 */
export const unreadableQueryAnswer: AfterErrorHook = ({ error, req }) => {
  if ((error as Error | undefined)?.name !== 'SyntaxError') return
  const query = (req.query ?? {}) as Record<string, unknown>
  const param = JSON_PARAMS.find((name) => {
    const value = query[name]
    if (typeof value !== 'string' || value.length === 0) return false
    try {
      JSON.parse(value)
      return false
    } catch {
      return true
    }
  })
  if (!param) return
  const errors = [
    { path: param, message: 'Must be an object of conditions, such as where[title][equals]=…' },
  ]
  if (param === 'data') errors[0]!.message = 'Must be JSON'
  return {
    status: 400,
    response: {
      errors: [
        {
          name: 'ValidationError',
          message: `The following field is invalid: ${param}`,
          data: { errors },
        },
      ],
    },
  }
}
