import type { CollectionConfig } from 'payload'

import { contentAccess } from '@/access'
import { readPublished, readVersions } from '@/access/content'
import { previewAdmin } from '@/access/preview'
import { contentVersions } from '@/lib/content/versions'
import { revalidatePublished } from '@/lib/revalidate'

export const Characters: CollectionConfig = {
  slug: 'characters',
  admin: {
    useAsTitle: 'name',
    group: 'Content',
    defaultColumns: ['name', 'location', '_status'],
    // Live preview on /characters, where every guide has a card (decision 0120).
    ...previewAdmin(() => '/characters'),
  },
  access: { ...contentAccess, read: readPublished, readVersions },
  versions: contentVersions,
  orderable: true,
  trash: true,
  hooks: revalidatePublished(['/characters', '/']),
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
    {
      name: 'artwork',
      type: 'upload',
      relationTo: 'media',
      admin: { description: 'The picture of the guide on /characters (square works best).' },
    },
  ],
}
