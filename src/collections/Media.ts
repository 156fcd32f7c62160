import path from 'node:path'

import type { CollectionConfig } from 'payload'

import { contentAccess } from '@/access'
import { env } from '@/lib/env'
import { revalidateMedia } from '@/lib/revalidate'

const webp = { formatOptions: { format: 'webp' as const, options: { quality: 80 } } }

/**
 * Images editors upload (decision 0081): the original plus WebP sizes for the pages' `srcset`,
 * cropped around the focal point an editor sets. Files on local disk under MEDIA_DIR, or in an
 * S3-compatible bucket when S3_BUCKET is set (src/lib/storage.ts, decision 0120).
 */
export const Media: CollectionConfig = {
  slug: 'media',
  admin: { group: 'Content', useAsTitle: 'alt' },
  access: contentAccess,
  trash: true,
  hooks: revalidateMedia,
  upload: {
    staticDir: path.resolve(env().MEDIA_DIR ?? path.join(env().DATA_DIR, 'media')),
    mimeTypes: ['image/*'],
    focalPoint: true,
    crop: true,
    adminThumbnail: 'thumbnail',
    imageSizes: [
      { name: 'thumbnail', width: 320, height: 320, ...webp },
      { name: 'card', width: 768, ...webp },
      { name: 'fullWidth', width: 1600, ...webp },
      { name: 'share', width: 1200, height: 630, ...webp },
    ],
  },
  fields: [
    {
      name: 'alt',
      type: 'text',
      required: true,
      admin: { description: 'What the image shows, for people who cannot see it.' },
    },
  ],
}
