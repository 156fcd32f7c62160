import type { CollectionConfig } from 'payload'

import { contentAccess } from '@/access'
import { revalidateContent } from '@/lib/revalidate'

export const Characters: CollectionConfig = {
  slug: 'characters',
  admin: { useAsTitle: 'name', group: 'Content', defaultColumns: ['name', 'location', 'order'] },
  access: contentAccess,
  defaultSort: 'order',
  hooks: revalidateContent(['/characters', '/']),
  fields: [
    { name: 'name', type: 'text', required: true },
    { name: 'slug', type: 'text', required: true, unique: true },
    { name: 'species', type: 'text' },
    { name: 'location', type: 'text', required: true },
    { name: 'description', type: 'textarea', required: true },
    { name: 'wisdom', type: 'textarea', required: true },
    { name: 'icon', type: 'text', admin: { description: 'An emoji or short symbol' } },
    { name: 'color', type: 'text', admin: { description: 'Accent colour, e.g. #f5b642' } },
    { name: 'gradient', type: 'text', admin: { description: 'CSS gradient for the card' } },
    { name: 'image', type: 'text', admin: { description: 'Path of the artwork under /public' } },
    { name: 'order', type: 'number', defaultValue: 0, index: true },
  ],
}
