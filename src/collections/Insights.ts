import type { CollectionConfig } from 'payload'

import { contentAccess } from '@/access'
import { textList } from '@/fields'
import { revalidateContent } from '@/lib/revalidate'

export const Insights: CollectionConfig = {
  slug: 'insights',
  admin: {
    useAsTitle: 'title',
    group: 'Content',
    defaultColumns: ['title', 'author', 'date', 'featured'],
  },
  access: contentAccess,
  defaultSort: '-date',
  hooks: revalidateContent(['/insights']),
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'slug', type: 'text', required: true, unique: true },
    { name: 'excerpt', type: 'textarea', required: true },
    { name: 'content', type: 'richText', required: true },
    { name: 'author', type: 'text', required: true },
    { name: 'date', type: 'date', required: true, index: true },
    { name: 'readTime', type: 'text', defaultValue: '8 min' },
    textList('tags'),
    { name: 'featured', type: 'checkbox', defaultValue: false, index: true },
  ],
}
