import { stat } from 'node:fs/promises'
import path from 'node:path'

import {
  type CollectionBeforeOperationHook,
  type CollectionConfig,
  type UploadConfig,
  ValidationError,
} from 'payload'

import { contentAccess } from '@/access'
import { env } from '@/lib/env'
import { revalidateMedia } from '@/lib/revalidate'

const mediaDir = () => path.resolve(env().MEDIA_DIR ?? path.join(env().DATA_DIR, 'media'))

/**
 * A file that is not on the disk answers 404 (Payload answers 500). Files in S3 are answered by
 * the storage plugin's handler, which follows.
 */
const missingFileNotFound: NonNullable<UploadConfig['handlers']>[number] = (_req, { params }) => {
  if (env().S3_BUCKET) return
  const dir = mediaDir()
  const file = path.resolve(dir, params.filename)
  if (!file.startsWith(dir + path.sep)) return
  // No Response (undefined) lets Payload serve the file.
  return stat(file).then(
    () => undefined,
    () => Response.json({ errors: [{ message: 'Not Found' }] }, { status: 404 }),
  ) as Promise<Response>
}

/**
 * Images are uploaded as files. Payload would fetch `{ url, filename }` in a JSON create from any
 * public address itself (and answered 500 when it could not): the server fetches nothing an editor
 * names, and the admin's "paste URL" fetches in the browser and uploads the file.
 */
const refuseFetchByAddress: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  // Payload has already taken `url` out of the operation's data: the request's own body has it.
  const sent = { ...(req.data as object | undefined), ...(args as { data?: object }).data }
  if (operation === 'create' && !req.file && typeof (sent as { url?: unknown }).url === 'string')
    throw new ValidationError({
      collection: 'media',
      errors: [
        {
          path: 'url',
          message: 'Upload the image file itself: images are not fetched from an address',
        },
      ],
    })
  return args
}

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
  hooks: { ...revalidateMedia, beforeOperation: [refuseFetchByAddress] },
  upload: {
    staticDir: mediaDir(),
    handlers: [missingFileNotFound],
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
