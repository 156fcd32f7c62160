import path from 'node:path'

import type { CollectionConfig } from 'payload'

import { contentAccess } from '@/access'

export const Media: CollectionConfig = {
  slug: 'media',
  admin: { group: 'Content' },
  access: contentAccess,
  upload: {
    staticDir: path.resolve(process.env.MEDIA_DIR || 'data/media'),
    mimeTypes: ['image/*'],
  },
  fields: [{ name: 'alt', type: 'text', required: true }],
}
