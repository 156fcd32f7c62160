import type { Field, SelectField, TextField } from 'payload'

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
