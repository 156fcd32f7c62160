import type { FieldHook, TextField } from 'payload'

/** 'Big Ears, Open Hearts!' → 'big-ears-open-hearts' (accents dropped, ASCII only). */
export const slugify = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 96)

/** Generated from `from` when left empty; an editor may type their own (it is normalised). */
const formatSlug =
  (from: string): FieldHook =>
  ({ value, data, originalDoc }) => {
    if (typeof value === 'string' && value.trim()) return slugify(value)
    const source = data?.[from] ?? originalDoc?.[from]
    return typeof source === 'string' && source.trim() ? slugify(source) : value
  }

/** A unique, indexed slug filled from another field (e.g. the title). */
export const slugField = (from: string): TextField => ({
  name: 'slug',
  type: 'text',
  unique: true,
  index: true,
  required: true,
  admin: {
    position: 'sidebar',
    description: `Part of the page address; generated from the ${from} when left empty.`,
  },
  hooks: { beforeValidate: [formatSlug(from)] },
})
