/**
 * Payload's `where` (decision 0190): which comparison operator applies to which kind of field on
 * PostgreSQL, and the walk over a where's conditions. Payload reads `and` and `or` in any case.
 */

/** `and` / `or` in any case (`AND`, `Or`): Payload's database adapter lower-cases them. */
export const isAndOr = (key: string) => /^(and|or)$/i.test(key)

/** What a query path ends on: a field's type, or a place inside a JSON or rich-text value. */
export type QueryTarget = {
  type: string
  hasMany?: boolean
  /** The collections of a polymorphic relationship compared as a whole. */
  polymorphic?: string[]
}

const EQUALITY = ['equals', 'not_equals', 'in', 'not_in', 'exists']
const ORDER = ['greater_than', 'greater_than_equal', 'less_than', 'less_than_equal']
const TEXT_SEARCH = ['like', 'not_like', 'contains']
const GEO = ['near', 'within', 'intersects']

const TEXT = [...EQUALITY, ...ORDER, ...TEXT_SEARCH]
/** The adapter compares a number or a related id `like` a value as equal to it. */
const IDS = [...EQUALITY, ...ORDER, 'like']

/** Operators PostgreSQL runs for each field type (Payload's admin filters offer a subset). */
const OPERATORS: Record<string, string[]> = {
  text: TEXT,
  textarea: TEXT,
  email: TEXT,
  code: TEXT,
  number: IDS,
  date: [...EQUALITY, ...ORDER],
  select: EQUALITY,
  radio: EQUALITY,
  checkbox: EQUALITY,
  relationship: IDS,
  upload: IDS,
  json: EQUALITY,
  richText: EQUALITY,
  point: [...EQUALITY, ...GEO],
  // The id of a polymorphic relationship (`document.value`); `in` and `not_in` with a list only.
  relationValue: IDS,
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Why an operator cannot compare a field, or undefined when it can. Operators Payload does not know
 * and paths it cannot query are left to Payload's own 400.
 */
export const operatorProblem = (
  target: QueryTarget,
  operator: string,
  value: unknown,
): string | undefined => {
  if (operator === 'all') return 'The all operator is not supported: use in or contains'
  if (GEO.includes(operator) && target.type !== 'point')
    return 'near, within and intersects apply only to point (location) fields'
  if (target.type === 'jsonPath')
    return 'A place inside a JSON or rich-text value cannot be queried: use exists on the whole field'
  if (target.polymorphic) {
    const isComparable =
      (operator === 'equals' || operator === 'not_equals') &&
      isPlainObject(value) &&
      target.polymorphic.includes(String(value.relationTo))
    return isComparable
      ? undefined
      : 'Compare this relationship with equals { relationTo, value }, or query its relationTo or value'
  }
  if (
    target.type === 'relationValue' &&
    (operator === 'in' || operator === 'not_in') &&
    !isList(value)
  )
    return `${operator} compares this relationship with a list of ids, such as 1,2`
  const allowed = [...(OPERATORS[target.type] ?? []), ...(target.hasMany ? ['contains'] : [])]
  if (!OPERATORS[target.type] || allowed.includes(operator)) return undefined
  return `${operator} cannot compare a ${target.type} field: use ${[...new Set(allowed)].join(', ')}`
}

/** A list as Payload reads it: an array, or a comma-separated string. */
const isList = (value: unknown) =>
  Array.isArray(value) || (typeof value === 'string' && value.includes(','))

export type Condition = { at: string; path: string; operator: string; value: unknown }

/**
 * Every comparison of a where, nested in and/or, with its place for an error
 * (`where.or.0.title.like`). A where or an and/or list that is not what Payload reads is reported
 * as a problem at its place.
 */
export const conditionsOf = (
  where: unknown,
  at = 'where',
): { conditions: Condition[]; problems: { path: string; message: string }[] } => {
  const conditions: Condition[] = []
  const problems: { path: string; message: string }[] = []
  const walk = (node: unknown, place: string) => {
    if (!isPlainObject(node)) {
      problems.push({
        path: place,
        message: 'Must be an object of conditions, such as where[title][equals]=…',
      })
      return
    }
    for (const [key, value] of Object.entries(node)) {
      if (isAndOr(key) && Array.isArray(value)) {
        value.forEach((child, index) => walk(child, `${place}.${key}.${index}`))
      } else if (isPlainObject(value)) {
        for (const [operator, operand] of Object.entries(value))
          conditions.push({
            at: `${place}.${key}.${operator}`,
            path: key,
            operator,
            value: operand,
          })
      }
    }
  }
  if (where !== undefined && where !== null) walk(where, at)
  return { conditions, problems }
}
