import type { Field, JSONField, SelectField, TextField } from 'payload'

export const emailField = (
  overrides: { unique?: boolean; required?: boolean; name?: string } = {},
): Field => ({
  name: overrides.name ?? 'email',
  type: 'email',
  required: overrides.required ?? true,
  unique: overrides.unique ?? false,
  index: true,
})

/** A date set to the time of creation unless given. */
export const createdAtField = (name: string): Field => ({
  name,
  type: 'date',
  index: true,
  defaultValue: () => new Date().toISOString(),
  admin: { date: { pickerAppearance: 'dayAndTime' } },
})

export const textList = (name: string, label?: string): TextField => ({
  name,
  label,
  type: 'text',
  hasMany: true,
})

/**
 * A list of short text values (interests, tags, email preferences) kept in one jsonb column of the
 * row itself. Plain SQL owns it as much as Payload does: a signup writes its row, list included, in
 * one INSERT, and a query tests a value with `col ? 'value'`. (Payload's hasMany text keeps each
 * value in a child table of its own, with an order column only Payload should write.)
 */
export const stringList = (name: string, defaultValue: string[] = []): JSONField => ({
  name,
  type: 'json',
  defaultValue,
  typescriptSchema: [() => ({ type: ['array', 'null'], items: { type: 'string' } })],
  validate: (value: unknown) =>
    value === null ||
    value === undefined ||
    (Array.isArray(value) && value.every((item) => typeof item === 'string')) ||
    'Must be a list of text values',
})

export const statusField = (
  name: string,
  options: readonly string[],
  defaultValue: string,
  extra: Partial<SelectField> = {},
): Field =>
  ({
    name,
    type: 'select',
    options: options.map((value) => ({ label: value, value })),
    defaultValue,
    required: true,
    index: true,
    ...extra,
  }) as SelectField

export const jsonField = (name: string): Field => ({ name, type: 'json' })
