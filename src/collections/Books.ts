import type { CollectionConfig } from 'payload'

import { contentAccess } from '@/access'
import { readPublished, readVersions } from '@/access/content'
import { contentVersions } from '@/lib/content/versions'
import { textList } from '@/fields'
import { revalidatePublished } from '@/lib/revalidate'

export const Books: CollectionConfig = {
  slug: 'books',
  admin: {
    useAsTitle: 'title',
    group: 'Content',
    defaultColumns: ['title', 'seriesNumber', 'ageRange'],
  },
  access: { ...contentAccess, read: readPublished, readVersions },
  versions: contentVersions,
  hooks: revalidatePublished(['/books/dune-big-ears', '/publishing']),
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'slug', type: 'text', required: true, unique: true },
    { name: 'subtitle', type: 'text' },
    { name: 'seriesName', type: 'text' },
    { name: 'seriesNumber', type: 'number', min: 1 },
    { name: 'seriesTotal', type: 'number', min: 1 },
    { name: 'ageRange', type: 'text' },
    { name: 'description', type: 'textarea', required: true },
    { name: 'story', type: 'textarea' },
    textList('themes'),
    {
      name: 'formats',
      type: 'text',
      defaultValue: 'Available in hardcover, paperback, and digital formats',
    },
    {
      name: 'cover',
      type: 'upload',
      relationTo: 'media',
      admin: { description: 'The cover on the book page and on /publishing.' },
    },
    { name: 'storeUrl', type: 'text', admin: { description: 'Book retailer page' } },
  ],
}
