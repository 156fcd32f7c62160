import type { CollectionConfig } from 'payload'

import { contentAccess } from '@/access'
import { readPublished, readVersions } from '@/access/content'
import { contentVersions } from '@/lib/content/versions'
import { revalidatePublished } from '@/lib/revalidate'

export const Songs: CollectionConfig = {
  slug: 'songs',
  admin: { useAsTitle: 'title', group: 'Content' },
  access: { ...contentAccess, read: readPublished, readVersions },
  versions: contentVersions,
  hooks: revalidatePublished(['/books/dune-music', '/records']),
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'slug', type: 'text', required: true, unique: true },
    { name: 'artist', type: 'text' },
    { name: 'description', type: 'textarea' },
    { name: 'videoUrl', type: 'text', admin: { description: 'Embeddable video address' } },
    {
      name: 'albumCover',
      type: 'upload',
      relationTo: 'media',
      admin: { description: 'The album art on the song page and on /records.' },
    },
    {
      name: 'albumUrl',
      type: 'text',
      admin: { description: 'Streaming album page ("Save This Song")' },
    },
    { name: 'book', type: 'relationship', relationTo: 'books' },
    {
      name: 'lyrics',
      type: 'array',
      fields: [
        {
          name: 'section',
          type: 'select',
          required: true,
          options: ['verse', 'chorus', 'bridge', 'outro'].map((v) => ({ label: v, value: v })),
        },
        { name: 'text', type: 'textarea', required: true },
      ],
    },
    {
      name: 'streamingLinks',
      type: 'array',
      fields: [
        { name: 'service', type: 'text', required: true },
        { name: 'url', type: 'text', required: true },
      ],
    },
  ],
}
